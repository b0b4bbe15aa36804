; dwell fixture: `clang-14 -g -O0 -S -emit-llvm` of custom_alloc.c, Debian clang version 14.0.6
; ModuleID = 'custom_alloc.c'
source_filename = "custom_alloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@pool = internal global [4096 x i8] zeroinitializer, align 16, !dbg !0
@used = internal global i64 0, align 8, !dbg !5
@.str = private unnamed_addr constant [5 x i8] c"HOME\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"ls\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @pool_alloc(i64 noundef %0) #0 !dbg !22 {
  %2 = alloca i64, align 8
  %3 = alloca i8*, align 8
  store i64 %0, i64* %2, align 8
  call void @llvm.dbg.declare(metadata i64* %2, metadata !27, metadata !DIExpression()), !dbg !28
  call void @llvm.dbg.declare(metadata i8** %3, metadata !29, metadata !DIExpression()), !dbg !30
  %4 = load i64, i64* @used, align 8, !dbg !31
  %5 = getelementptr inbounds i8, i8* getelementptr inbounds ([4096 x i8], [4096 x i8]* @pool, i64 0, i64 0), i64 %4, !dbg !32
  store i8* %5, i8** %3, align 8, !dbg !30
  %6 = load i64, i64* %2, align 8, !dbg !33
  %7 = load i64, i64* @used, align 8, !dbg !34
  %8 = add i64 %7, %6, !dbg !34
  store i64 %8, i64* @used, align 8, !dbg !34
  %9 = load i8*, i8** %3, align 8, !dbg !35
  ret i8* %9, !dbg !36
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 !dbg !37 {
  %1 = alloca i32, align 4
  %2 = alloca i8*, align 8
  %3 = alloca i8*, align 8
  store i32 0, i32* %1, align 4
  call void @llvm.dbg.declare(metadata i8** %2, metadata !41, metadata !DIExpression()), !dbg !42
  %4 = call i8* @pool_alloc(i64 noundef 64), !dbg !43
  store i8* %4, i8** %2, align 8, !dbg !42
  call void @llvm.dbg.declare(metadata i8** %3, metadata !44, metadata !DIExpression()), !dbg !45
  %5 = call i8* @pool_alloc(i64 noundef 64), !dbg !46
  store i8* %5, i8** %3, align 8, !dbg !45
  %6 = load i8*, i8** %2, align 8, !dbg !47
  %7 = call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str, i64 0, i64 0)) #4, !dbg !48
  %8 = call i8* @strncpy(i8* noundef %6, i8* noundef %7, i64 noundef 63) #4, !dbg !49
  %9 = load i8*, i8** %3, align 8, !dbg !50
  %10 = call i8* @strcpy(i8* noundef %9, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.1, i64 0, i64 0)) #4, !dbg !51
  %11 = load i8*, i8** %3, align 8, !dbg !52
  %12 = call i32 @system(i8* noundef %11), !dbg !53
  %13 = load i8*, i8** %2, align 8, !dbg !54
  %14 = call i32 @system(i8* noundef %13), !dbg !55
  ret i32 0, !dbg !56
}

; Function Attrs: nounwind
declare i8* @strncpy(i8* noundef, i8* noundef, i64 noundef) #2

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #2

; Function Attrs: nounwind
declare i8* @strcpy(i8* noundef, i8* noundef) #2

declare i32 @system(i8* noundef) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!14, !15, !16, !17, !18, !19, !20}
!llvm.ident = !{!21}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "pool", scope: !2, file: !3, line: 10, type: !10, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "custom_alloc.c", directory: ".", checksumkind: CSK_MD5, checksum: "466a5e0085762fb0b02deed313b62bbc")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "used", scope: !2, file: !3, line: 11, type: !7, isLocal: true, isDefinition: true)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !8, line: 46, baseType: !9)
!8 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h", directory: "", checksumkind: CSK_MD5, checksum: "2499dd2361b915724b073282bea3a7bc")
!9 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, size: 32768, elements: !12)
!11 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!12 = !{!13}
!13 = !DISubrange(count: 4096)
!14 = !{i32 7, !"Dwarf Version", i32 5}
!15 = !{i32 2, !"Debug Info Version", i32 3}
!16 = !{i32 1, !"wchar_size", i32 4}
!17 = !{i32 7, !"PIC Level", i32 2}
!18 = !{i32 7, !"PIE Level", i32 2}
!19 = !{i32 7, !"uwtable", i32 1}
!20 = !{i32 7, !"frame-pointer", i32 2}
!21 = !{!"Debian clang version 14.0.6"}
!22 = distinct !DISubprogram(name: "pool_alloc", scope: !3, file: !3, line: 13, type: !23, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !26)
!23 = !DISubroutineType(types: !24)
!24 = !{!25, !7}
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64)
!26 = !{}
!27 = !DILocalVariable(name: "n", arg: 1, scope: !22, file: !3, line: 13, type: !7)
!28 = !DILocation(line: 13, column: 25, scope: !22)
!29 = !DILocalVariable(name: "p", scope: !22, file: !3, line: 14, type: !25)
!30 = !DILocation(line: 14, column: 9, scope: !22)
!31 = !DILocation(line: 14, column: 20, scope: !22)
!32 = !DILocation(line: 14, column: 18, scope: !22)
!33 = !DILocation(line: 15, column: 11, scope: !22)
!34 = !DILocation(line: 15, column: 8, scope: !22)
!35 = !DILocation(line: 16, column: 10, scope: !22)
!36 = !DILocation(line: 16, column: 3, scope: !22)
!37 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 19, type: !38, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !26)
!38 = !DISubroutineType(types: !39)
!39 = !{!40}
!40 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!41 = !DILocalVariable(name: "secret", scope: !37, file: !3, line: 20, type: !25)
!42 = !DILocation(line: 20, column: 9, scope: !37)
!43 = !DILocation(line: 20, column: 18, scope: !37)
!44 = !DILocalVariable(name: "plain", scope: !37, file: !3, line: 21, type: !25)
!45 = !DILocation(line: 21, column: 9, scope: !37)
!46 = !DILocation(line: 21, column: 17, scope: !37)
!47 = !DILocation(line: 22, column: 11, scope: !37)
!48 = !DILocation(line: 22, column: 19, scope: !37)
!49 = !DILocation(line: 22, column: 3, scope: !37)
!50 = !DILocation(line: 23, column: 10, scope: !37)
!51 = !DILocation(line: 23, column: 3, scope: !37)
!52 = !DILocation(line: 24, column: 10, scope: !37)
!53 = !DILocation(line: 24, column: 3, scope: !37)
!54 = !DILocation(line: 25, column: 10, scope: !37)
!55 = !DILocation(line: 25, column: 3, scope: !37)
!56 = !DILocation(line: 26, column: 3, scope: !37)
