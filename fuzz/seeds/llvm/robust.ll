; Robustness: multi-line switch with repeated targets, invoke/landingpad,
; metadata, quoted names, attribute groups, comdat, alias, constant
; expressions, intrinsics, indirect calls, phi, unnamed blocks.
source_filename = "robust.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"

$"comdat fn" = comdat any

%struct.S = type { i32, i32 (i32)* }
%"struct.q.r" = type { i8 }

@g = dso_local global i32 0, align 4
@table = dso_local global %struct.S { i32 1, i32 (i32)* @"quoted fn" }, align 8
@alias_of_h = dso_local alias i32 (i32), i32 (i32)* @h
@llvm.used = appending global [1 x i8*] [i8* bitcast (i32 (i32)* @h to i8*)], section "llvm.metadata"

define dso_local i32 @"quoted fn"(i32 noundef %0) #0 comdat($"comdat fn") !dbg !7 {
  %2 = add nsw i32 %0, 1, !dbg !9
  switch i32 %2, label %5 [
    i32 1, label %3
    i32 2, label %3
    i32 3, label %4
  ], !dbg !9

3:                                                ; preds = %1, %1
  br label %5

4:                                                ; preds = %1
  br label %5

5:                                                ; preds = %4, %3, %1
  %"x.y" = phi i32 [ 7, %3 ], [ %2, %4 ], [ 0, %1 ]
  ret i32 %"x.y"
}

define dso_local i32 @h(i32 noundef %x) #0 personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  %fp = load i32 (i32)*, i32 (i32)** getelementptr inbounds (%struct.S, %struct.S* @table, i32 0, i32 1), align 8
  %r = invoke i32 %fp(i32 %x)
          to label %cont unwind label %lpad

cont:
  %s = call i32 @"quoted fn"(i32 %r)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* bitcast (i32* @g to i8*), i8* bitcast (i32* @g to i8*), i64 4, i1 false)
  store i32 %s, i32* @g, align 4
  ret i32 %s

lpad:
  %lp = landingpad { i8*, i32 }
          cleanup
          catch i8* null
  resume { i8*, i32 } %lp
}

declare i32 @__gxx_personality_v0(...)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #1

attributes #0 = { noinline nounwind "frame-pointer"="all" }
attributes #1 = { argmemonly nofree nounwind willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "robust.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!7 = distinct !DISubprogram(name: "quoted fn", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, unit: !0, retainedNodes: !2)
!8 = !DISubroutineType(types: !2)
!2 = !{}
!9 = !DILocation(line: 2, column: 3, scope: !7)
