; ModuleID = 'main.c'
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [5 x i8] c"done\00", align 1
@verbose = external local_unnamed_addr global i32, align 4

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, i8** nocapture noundef readonly %1) local_unnamed_addr #0 !dbg !11 {
  %3 = alloca [128 x i8], align 16
  %4 = alloca [32 x i8], align 16
  call void @llvm.dbg.value(metadata i32 %0, metadata !19, metadata !DIExpression()), !dbg !32
  call void @llvm.dbg.value(metadata i8** %1, metadata !20, metadata !DIExpression()), !dbg !32
  %5 = getelementptr inbounds [128 x i8], [128 x i8]* %3, i64 0, i64 0, !dbg !33
  call void @llvm.lifetime.start.p0i8(i64 128, i8* nonnull %5) #5, !dbg !33
  call void @llvm.dbg.declare(metadata [128 x i8]* %3, metadata !21, metadata !DIExpression()), !dbg !34
  %6 = getelementptr inbounds [32 x i8], [32 x i8]* %4, i64 0, i64 0, !dbg !35
  call void @llvm.lifetime.start.p0i8(i64 32, i8* nonnull %6) #5, !dbg !35
  call void @llvm.dbg.declare(metadata [32 x i8]* %4, metadata !25, metadata !DIExpression()), !dbg !36
  %7 = tail call i8* @read_env() #5, !dbg !37
  %8 = tail call i8* @relay(i8* noundef %7) #5, !dbg !38
  call void @llvm.dbg.value(metadata i8* %8, metadata !29, metadata !DIExpression()), !dbg !32
  tail call void @run_command(i8* noundef %8) #5, !dbg !39
  %9 = call i8* @read_line(i8* noundef nonnull %5, i32 noundef 128) #5, !dbg !40
  %10 = icmp eq i8* %9, null, !dbg !42
  br i1 %10, label %12, label %11, !dbg !43

11:                                               ; preds = %2
  call void @relay_copy(i8* noundef nonnull %6, i8* noundef nonnull %5) #5, !dbg !44
  br label %12, !dbg !44

12:                                               ; preds = %11, %2
  %13 = icmp slt i32 %0, 2, !dbg !45
  %14 = zext i1 %13 to i32, !dbg !46
  %15 = load i8*, i8** %1, align 8, !dbg !47, !tbaa !48
  call void @dispatch(i32 noundef %14, i8* noundef %15) #5, !dbg !52
  call void @dispatch(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str, i64 0, i64 0)) #5, !dbg !53
  store i32 0, i32* @verbose, align 4, !dbg !54, !tbaa !55
  call void @llvm.lifetime.end.p0i8(i64 32, i8* nonnull %6) #5, !dbg !57
  call void @llvm.lifetime.end.p0i8(i64 128, i8* nonnull %5) #5, !dbg !57
  ret i32 0, !dbg !58
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

declare !dbg !59 i8* @relay(i8* noundef) local_unnamed_addr #3

declare !dbg !64 i8* @read_env() local_unnamed_addr #3

declare !dbg !67 void @run_command(i8* noundef) local_unnamed_addr #3

declare !dbg !70 i8* @read_line(i8* noundef, i32 noundef) local_unnamed_addr #3

declare !dbg !73 void @relay_copy(i8* noundef, i8* noundef) local_unnamed_addr #3

declare !dbg !76 void @dispatch(i32 noundef, i8* noundef) local_unnamed_addr #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #4

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9}
!llvm.ident = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "main.c", directory: ".", checksumkind: CSK_MD5, checksum: "4fe5e09f5f733a40827cb1144dd34ee2")
!2 = !{!3}
!3 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"PIC Level", i32 2}
!8 = !{i32 7, !"PIE Level", i32 2}
!9 = !{i32 7, !"uwtable", i32 1}
!10 = !{!"Debian clang version 14.0.6"}
!11 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 5, type: !12, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !18)
!12 = !DISubroutineType(types: !13)
!13 = !{!14, !14, !15}
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !16, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!18 = !{!19, !20, !21, !25, !29}
!19 = !DILocalVariable(name: "argc", arg: 1, scope: !11, file: !1, line: 5, type: !14)
!20 = !DILocalVariable(name: "argv", arg: 2, scope: !11, file: !1, line: 5, type: !15)
!21 = !DILocalVariable(name: "line", scope: !11, file: !1, line: 6, type: !22)
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, size: 1024, elements: !23)
!23 = !{!24}
!24 = !DISubrange(count: 128)
!25 = !DILocalVariable(name: "name", scope: !11, file: !1, line: 7, type: !26)
!26 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, size: 256, elements: !27)
!27 = !{!28}
!28 = !DISubrange(count: 32)
!29 = !DILocalVariable(name: "cmd", scope: !11, file: !1, line: 8, type: !30)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !31, size: 64)
!31 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!32 = !DILocation(line: 0, scope: !11)
!33 = !DILocation(line: 6, column: 5, scope: !11)
!34 = !DILocation(line: 6, column: 10, scope: !11)
!35 = !DILocation(line: 7, column: 5, scope: !11)
!36 = !DILocation(line: 7, column: 10, scope: !11)
!37 = !DILocation(line: 8, column: 29, scope: !11)
!38 = !DILocation(line: 8, column: 23, scope: !11)
!39 = !DILocation(line: 9, column: 5, scope: !11)
!40 = !DILocation(line: 10, column: 9, scope: !41)
!41 = distinct !DILexicalBlock(scope: !11, file: !1, line: 10, column: 9)
!42 = !DILocation(line: 10, column: 38, scope: !41)
!43 = !DILocation(line: 10, column: 9, scope: !11)
!44 = !DILocation(line: 11, column: 9, scope: !41)
!45 = !DILocation(line: 12, column: 19, scope: !11)
!46 = !DILocation(line: 12, column: 14, scope: !11)
!47 = !DILocation(line: 12, column: 32, scope: !11)
!48 = !{!49, !49, i64 0}
!49 = !{!"any pointer", !50, i64 0}
!50 = !{!"omnipotent char", !51, i64 0}
!51 = !{!"Simple C/C++ TBAA"}
!52 = !DILocation(line: 12, column: 5, scope: !11)
!53 = !DILocation(line: 13, column: 5, scope: !11)
!54 = !DILocation(line: 14, column: 13, scope: !11)
!55 = !{!56, !56, i64 0}
!56 = !{!"int", !50, i64 0}
!57 = !DILocation(line: 16, column: 1, scope: !11)
!58 = !DILocation(line: 15, column: 5, scope: !11)
!59 = !DISubprogram(name: "relay", scope: !60, file: !60, line: 14, type: !61, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!60 = !DIFile(filename: "./multi.h", directory: ".", checksumkind: CSK_MD5, checksum: "0832c8596ee0af1cf844ce86e984deeb")
!61 = !DISubroutineType(types: !62)
!62 = !{!30, !30}
!63 = !{}
!64 = !DISubprogram(name: "read_env", scope: !60, file: !60, line: 10, type: !65, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!65 = !DISubroutineType(types: !66)
!66 = !{!16}
!67 = !DISubprogram(name: "run_command", scope: !60, file: !60, line: 20, type: !68, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!68 = !DISubroutineType(types: !69)
!69 = !{null, !30}
!70 = !DISubprogram(name: "read_line", scope: !60, file: !60, line: 11, type: !71, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!71 = !DISubroutineType(types: !72)
!72 = !{!16, !16, !14}
!73 = !DISubprogram(name: "relay_copy", scope: !60, file: !60, line: 15, type: !74, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!74 = !DISubroutineType(types: !75)
!75 = !{null, !16, !30}
!76 = !DISubprogram(name: "dispatch", scope: !60, file: !60, line: 16, type: !77, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !63)
!77 = !DISubroutineType(types: !78)
!78 = !{null, !14, !30}
