; ModuleID = 'value_flow.c'
source_filename = "value_flow.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i8*, [8 x i8] }

@tbl = dso_local local_unnamed_addr global [2 x void (i8*)*] [void (i8*)* @use, void (i8*)* @keep], align 16, !dbg !0
@.str = private unnamed_addr constant [2 x i8] c"X\00", align 1
@g = dso_local global %struct.S zeroinitializer, align 8, !dbg !5

; Function Attrs: nounwind uwtable
define dso_local void @keep(i8* noundef %0) #0 !dbg !31 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !33, metadata !DIExpression()), !dbg !34
  tail call void @use(i8* noundef %0) #5, !dbg !35
  ret void, !dbg !36
}

declare !dbg !37 void @use(i8* noundef) #1

; Function Attrs: nofree nounwind uwtable
define dso_local i8* @h(%struct.S* noundef %0, i32 noundef %1) local_unnamed_addr #2 !dbg !39 {
  call void @llvm.dbg.value(metadata %struct.S* %0, metadata !44, metadata !DIExpression()), !dbg !47
  call void @llvm.dbg.value(metadata i32 %1, metadata !45, metadata !DIExpression()), !dbg !47
  %3 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)) #5, !dbg !48
  call void @llvm.dbg.value(metadata i8* %3, metadata !46, metadata !DIExpression()), !dbg !47
  %4 = getelementptr inbounds %struct.S, %struct.S* %0, i64 0, i32 1, !dbg !49
  store i8* %3, i8** %4, align 8, !dbg !50, !tbaa !51
  %5 = icmp sgt i32 %1, 2, !dbg !57
  %6 = getelementptr inbounds %struct.S, %struct.S* %0, i64 0, i32 2, i64 0
  %7 = select i1 %5, i8* %6, i8* %3, !dbg !59
  call void @llvm.dbg.value(metadata i8* %7, metadata !46, metadata !DIExpression()), !dbg !47
  %8 = icmp eq i32 %1, 0, !dbg !60
  %9 = select i1 %8, i8* %3, i8* %7, !dbg !60
  ret i8* %9, !dbg !61
}

; Function Attrs: nofree nounwind readonly
declare !dbg !62 noundef i8* @getenv(i8* nocapture noundef) local_unnamed_addr #3

; Function Attrs: nounwind uwtable
define dso_local void @run(i32 noundef %0) local_unnamed_addr #0 !dbg !68 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !72, metadata !DIExpression()), !dbg !73
  %2 = sext i32 %0 to i64, !dbg !74
  %3 = getelementptr inbounds [2 x void (i8*)*], [2 x void (i8*)*]* @tbl, i64 0, i64 %2, !dbg !74
  %4 = load void (i8*)*, void (i8*)** %3, align 8, !dbg !74, !tbaa !75
  call void @llvm.dbg.value(metadata %struct.S* @g, metadata !44, metadata !DIExpression()) #5, !dbg !76
  call void @llvm.dbg.value(metadata i32 %0, metadata !45, metadata !DIExpression()) #5, !dbg !76
  %5 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)) #5, !dbg !78
  call void @llvm.dbg.value(metadata i8* %5, metadata !46, metadata !DIExpression()) #5, !dbg !76
  store i8* %5, i8** getelementptr inbounds (%struct.S, %struct.S* @g, i64 0, i32 1), align 8, !dbg !79, !tbaa !51
  %6 = icmp sgt i32 %0, 2, !dbg !80
  %7 = select i1 %6, i8* getelementptr inbounds (%struct.S, %struct.S* @g, i64 0, i32 2, i64 0), i8* %5, !dbg !81
  call void @llvm.dbg.value(metadata i8* %7, metadata !46, metadata !DIExpression()) #5, !dbg !76
  %8 = icmp eq i32 %0, 0, !dbg !82
  %9 = select i1 %8, i8* %5, i8* %7, !dbg !82
  tail call void %4(i8* noundef %9) #5, !dbg !74
  ret void, !dbg !83
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #4

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind readonly "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!24, !25, !26, !27, !28, !29}
!llvm.ident = !{!30}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tbl", scope: !2, file: !3, line: 9, type: !18, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
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
!30 = !{!"Debian clang version 14.0.6"}
!31 = distinct !DISubprogram(name: "keep", scope: !3, file: !3, line: 8, type: !20, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !32)
!32 = !{!33}
!33 = !DILocalVariable(name: "s", arg: 1, scope: !31, file: !3, line: 8, type: !12)
!34 = !DILocation(line: 0, scope: !31)
!35 = !DILocation(line: 8, column: 22, scope: !31)
!36 = !DILocation(line: 8, column: 30, scope: !31)
!37 = !DISubprogram(name: "use", scope: !3, file: !3, line: 7, type: !20, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !38)
!38 = !{}
!39 = distinct !DISubprogram(name: "h", scope: !3, file: !3, line: 10, type: !40, scopeLine: 10, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !43)
!40 = !DISubroutineType(types: !41)
!41 = !{!12, !42, !10}
!42 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!43 = !{!44, !45, !46}
!44 = !DILocalVariable(name: "s", arg: 1, scope: !39, file: !3, line: 10, type: !42)
!45 = !DILocalVariable(name: "k", arg: 2, scope: !39, file: !3, line: 10, type: !10)
!46 = !DILocalVariable(name: "cmd", scope: !39, file: !3, line: 11, type: !12)
!47 = !DILocation(line: 0, scope: !39)
!48 = !DILocation(line: 11, column: 15, scope: !39)
!49 = !DILocation(line: 12, column: 6, scope: !39)
!50 = !DILocation(line: 12, column: 8, scope: !39)
!51 = !{!52, !56, i64 8}
!52 = !{!"S", !53, i64 0, !56, i64 8, !54, i64 16}
!53 = !{!"int", !54, i64 0}
!54 = !{!"omnipotent char", !55, i64 0}
!55 = !{!"Simple C/C++ TBAA"}
!56 = !{!"any pointer", !54, i64 0}
!57 = !DILocation(line: 13, column: 9, scope: !58)
!58 = distinct !DILexicalBlock(scope: !39, file: !3, line: 13, column: 7)
!59 = !DILocation(line: 13, column: 7, scope: !39)
!60 = !DILocation(line: 14, column: 10, scope: !39)
!61 = !DILocation(line: 14, column: 3, scope: !39)
!62 = !DISubprogram(name: "getenv", scope: !63, file: !63, line: 654, type: !64, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !38)
!63 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!64 = !DISubroutineType(types: !65)
!65 = !{!12, !66}
!66 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !67, size: 64)
!67 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!68 = distinct !DISubprogram(name: "run", scope: !3, file: !3, line: 16, type: !69, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !71)
!69 = !DISubroutineType(types: !70)
!70 = !{null, !10}
!71 = !{!72}
!72 = !DILocalVariable(name: "i", arg: 1, scope: !68, file: !3, line: 16, type: !10)
!73 = !DILocation(line: 0, scope: !68)
!74 = !DILocation(line: 16, column: 19, scope: !68)
!75 = !{!56, !56, i64 0}
!76 = !DILocation(line: 0, scope: !39, inlinedAt: !77)
!77 = distinct !DILocation(line: 16, column: 26, scope: !68)
!78 = !DILocation(line: 11, column: 15, scope: !39, inlinedAt: !77)
!79 = !DILocation(line: 12, column: 8, scope: !39, inlinedAt: !77)
!80 = !DILocation(line: 13, column: 9, scope: !58, inlinedAt: !77)
!81 = !DILocation(line: 13, column: 7, scope: !39, inlinedAt: !77)
!82 = !DILocation(line: 14, column: 10, scope: !39, inlinedAt: !77)
!83 = !DILocation(line: 16, column: 37, scope: !68)
