; ModuleID = 'value_flow.c'
source_filename = "value_flow.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i8*, [8 x i8] }

@tbl = dso_local global [2 x void (i8*)*] [void (i8*)* @use, void (i8*)* @keep], align 16, !dbg !0
@.str = private unnamed_addr constant [2 x i8] c"X\00", align 1
@g = dso_local global %struct.S zeroinitializer, align 8, !dbg !5

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @keep(i8* noundef %0) #0 !dbg !32 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8
  call void @llvm.dbg.declare(metadata i8** %2, metadata !34, metadata !DIExpression()), !dbg !35
  %3 = load i8*, i8** %2, align 8, !dbg !36
  call void @use(i8* noundef %3), !dbg !37
  ret void, !dbg !38
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare void @use(i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @h(%struct.S* noundef %0, i32 noundef %1) #0 !dbg !39 {
  %3 = alloca %struct.S*, align 8
  %4 = alloca i32, align 4
  %5 = alloca i8*, align 8
  store %struct.S* %0, %struct.S** %3, align 8
  call void @llvm.dbg.declare(metadata %struct.S** %3, metadata !43, metadata !DIExpression()), !dbg !44
  store i32 %1, i32* %4, align 4
  call void @llvm.dbg.declare(metadata i32* %4, metadata !45, metadata !DIExpression()), !dbg !46
  call void @llvm.dbg.declare(metadata i8** %5, metadata !47, metadata !DIExpression()), !dbg !48
  %6 = call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)) #4, !dbg !49
  store i8* %6, i8** %5, align 8, !dbg !48
  %7 = load i8*, i8** %5, align 8, !dbg !50
  %8 = load %struct.S*, %struct.S** %3, align 8, !dbg !51
  %9 = getelementptr inbounds %struct.S, %struct.S* %8, i32 0, i32 1, !dbg !52
  store i8* %7, i8** %9, align 8, !dbg !53
  %10 = load i32, i32* %4, align 4, !dbg !54
  %11 = icmp sgt i32 %10, 2, !dbg !56
  br i1 %11, label %12, label %16, !dbg !57

12:                                               ; preds = %2
  %13 = load %struct.S*, %struct.S** %3, align 8, !dbg !58
  %14 = getelementptr inbounds %struct.S, %struct.S* %13, i32 0, i32 2, !dbg !59
  %15 = getelementptr inbounds [8 x i8], [8 x i8]* %14, i64 0, i64 0, !dbg !58
  store i8* %15, i8** %5, align 8, !dbg !60
  br label %16, !dbg !61

16:                                               ; preds = %12, %2
  %17 = load i32, i32* %4, align 4, !dbg !62
  %18 = icmp ne i32 %17, 0, !dbg !62
  br i1 %18, label %19, label %21, !dbg !62

19:                                               ; preds = %16
  %20 = load i8*, i8** %5, align 8, !dbg !63
  br label %25, !dbg !62

21:                                               ; preds = %16
  %22 = load %struct.S*, %struct.S** %3, align 8, !dbg !64
  %23 = getelementptr inbounds %struct.S, %struct.S* %22, i32 0, i32 1, !dbg !65
  %24 = load i8*, i8** %23, align 8, !dbg !65
  br label %25, !dbg !62

25:                                               ; preds = %21, %19
  %26 = phi i8* [ %20, %19 ], [ %24, %21 ], !dbg !62
  ret i8* %26, !dbg !66
}

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run(i32 noundef %0) #0 !dbg !67 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !70, metadata !DIExpression()), !dbg !71
  %3 = load i32, i32* %2, align 4, !dbg !72
  %4 = sext i32 %3 to i64, !dbg !73
  %5 = getelementptr inbounds [2 x void (i8*)*], [2 x void (i8*)*]* @tbl, i64 0, i64 %4, !dbg !73
  %6 = load void (i8*)*, void (i8*)** %5, align 8, !dbg !73
  %7 = load i32, i32* %2, align 4, !dbg !74
  %8 = call i8* @h(%struct.S* noundef @g, i32 noundef %7), !dbg !75
  call void %6(i8* noundef %8), !dbg !73
  ret void, !dbg !76
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!24, !25, !26, !27, !28, !29, !30}
!llvm.ident = !{!31}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tbl", scope: !2, file: !3, line: 9, type: !18, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "value_flow.c", directory: "/work/main/crates/dwell/tests/data/c", checksumkind: CSK_MD5, checksum: "2de3fedc235b9af808b0570b06dd0aff")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 6, type: !7, isLocal: false, isDefinition: true)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 5, size: 192, elements: !8)
!8 = !{!9, !11, !14}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !7, file: !3, line: 5, baseType: !10, size: 32)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !7, file: !3, line: 5, baseType: !12, size: 64, offset: 64)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!13 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!14 = !DIDerivedType(tag: DW_TAG_member, name: "buf", scope: !7, file: !3, line: 5, baseType: !15, size: 64, offset: 128)
!15 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 64, elements: !16)
!16 = !{!17}
!17 = !DISubrange(count: 8)
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !19, size: 128, elements: !22)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!20 = !DISubroutineType(types: !21)
!21 = !{null, !12}
!22 = !{!23}
!23 = !DISubrange(count: 2)
!24 = !{i32 7, !"Dwarf Version", i32 5}
!25 = !{i32 2, !"Debug Info Version", i32 3}
!26 = !{i32 1, !"wchar_size", i32 4}
!27 = !{i32 7, !"PIC Level", i32 2}
!28 = !{i32 7, !"PIE Level", i32 2}
!29 = !{i32 7, !"uwtable", i32 1}
!30 = !{i32 7, !"frame-pointer", i32 2}
!31 = !{!"Debian clang version 14.0.6"}
!32 = distinct !DISubprogram(name: "keep", scope: !3, file: !3, line: 8, type: !20, scopeLine: 8, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !33)
!33 = !{}
!34 = !DILocalVariable(name: "s", arg: 1, scope: !32, file: !3, line: 8, type: !12)
!35 = !DILocation(line: 8, column: 17, scope: !32)
!36 = !DILocation(line: 8, column: 26, scope: !32)
!37 = !DILocation(line: 8, column: 22, scope: !32)
!38 = !DILocation(line: 8, column: 30, scope: !32)
!39 = distinct !DISubprogram(name: "h", scope: !3, file: !3, line: 10, type: !40, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !33)
!40 = !DISubroutineType(types: !41)
!41 = !{!12, !42, !10}
!42 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!43 = !DILocalVariable(name: "s", arg: 1, scope: !39, file: !3, line: 10, type: !42)
!44 = !DILocation(line: 10, column: 19, scope: !39)
!45 = !DILocalVariable(name: "k", arg: 2, scope: !39, file: !3, line: 10, type: !10)
!46 = !DILocation(line: 10, column: 26, scope: !39)
!47 = !DILocalVariable(name: "cmd", scope: !39, file: !3, line: 11, type: !12)
!48 = !DILocation(line: 11, column: 9, scope: !39)
!49 = !DILocation(line: 11, column: 15, scope: !39)
!50 = !DILocation(line: 12, column: 10, scope: !39)
!51 = !DILocation(line: 12, column: 3, scope: !39)
!52 = !DILocation(line: 12, column: 6, scope: !39)
!53 = !DILocation(line: 12, column: 8, scope: !39)
!54 = !DILocation(line: 13, column: 7, scope: !55)
!55 = distinct !DILexicalBlock(scope: !39, file: !3, line: 13, column: 7)
!56 = !DILocation(line: 13, column: 9, scope: !55)
!57 = !DILocation(line: 13, column: 7, scope: !39)
!58 = !DILocation(line: 13, column: 20, scope: !55)
!59 = !DILocation(line: 13, column: 23, scope: !55)
!60 = !DILocation(line: 13, column: 18, scope: !55)
!61 = !DILocation(line: 13, column: 14, scope: !55)
!62 = !DILocation(line: 14, column: 10, scope: !39)
!63 = !DILocation(line: 14, column: 14, scope: !39)
!64 = !DILocation(line: 14, column: 20, scope: !39)
!65 = !DILocation(line: 14, column: 23, scope: !39)
!66 = !DILocation(line: 14, column: 3, scope: !39)
!67 = distinct !DISubprogram(name: "run", scope: !3, file: !3, line: 16, type: !68, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !33)
!68 = !DISubroutineType(types: !69)
!69 = !{null, !10}
!70 = !DILocalVariable(name: "i", arg: 1, scope: !67, file: !3, line: 16, type: !10)
!71 = !DILocation(line: 16, column: 14, scope: !67)
!72 = !DILocation(line: 16, column: 23, scope: !67)
!73 = !DILocation(line: 16, column: 19, scope: !67)
!74 = !DILocation(line: 16, column: 32, scope: !67)
!75 = !DILocation(line: 16, column: 26, scope: !67)
!76 = !DILocation(line: 16, column: 37, scope: !67)
