; ModuleID = 'relay.c'
source_filename = "relay.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@verbose = external local_unnamed_addr global i32, align 4
@stderr = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str = private unnamed_addr constant [10 x i8] c"relay %d\0A\00", align 1
@calls = internal unnamed_addr global i32 0, align 4, !dbg !0
@.str.1 = private unnamed_addr constant [6 x i8] c"false\00", align 1
@handlers = external local_unnamed_addr global [3 x void (i8*)*], align 16

; Function Attrs: nofree nounwind uwtable
define dso_local i8* @relay(i8* noundef readonly %0) local_unnamed_addr #0 !dbg !13 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !20, metadata !DIExpression()), !dbg !21
  %2 = load i32, i32* @verbose, align 4, !dbg !22, !tbaa !24
  %3 = icmp eq i32 %2, 0, !dbg !22
  br i1 %3, label %8, label %4, !dbg !28

4:                                                ; preds = %1
  %5 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !29, !tbaa !30
  %6 = load i32, i32* @calls, align 4, !dbg !32, !tbaa !24
  %7 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %5, i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str, i64 0, i64 0), i32 noundef %6) #6, !dbg !33
  br label %8, !dbg !33

8:                                                ; preds = %4, %1
  call void @llvm.dbg.value(metadata i8* %0, metadata !34, metadata !DIExpression()) #7, !dbg !39
  %9 = load i32, i32* @calls, align 4, !dbg !42, !tbaa !24
  %10 = add nsw i32 %9, 1, !dbg !42
  store i32 %10, i32* @calls, align 4, !dbg !42, !tbaa !24
  %11 = tail call i64 @strlen(i8* noundef nonnull dereferenceable(1) %0) #8, !dbg !43
  %12 = icmp ugt i64 %11, 63, !dbg !44
  %13 = select i1 %12, i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i64 0, i64 0), i8* %0, !dbg !21
  ret i8* %13, !dbg !45
}

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(%struct._IO_FILE* nocapture noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local void @relay_copy(i8* noundef %0, i8* noundef %1) local_unnamed_addr #2 !dbg !46 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !51, metadata !DIExpression()), !dbg !53
  call void @llvm.dbg.value(metadata i8* %1, metadata !52, metadata !DIExpression()), !dbg !53
  tail call void @copy_name(i8* noundef %0, i8* noundef %1) #7, !dbg !54
  ret void, !dbg !55
}

declare !dbg !56 void @copy_name(i8* noundef, i8* noundef) local_unnamed_addr #3

; Function Attrs: nounwind uwtable
define dso_local void @dispatch(i32 noundef %0, i8* noundef %1) local_unnamed_addr #2 !dbg !59 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !63, metadata !DIExpression()), !dbg !65
  call void @llvm.dbg.value(metadata i8* %1, metadata !64, metadata !DIExpression()), !dbg !65
  %3 = icmp ult i32 %0, 3, !dbg !66
  br i1 %3, label %4, label %8, !dbg !66

4:                                                ; preds = %2
  %5 = zext i32 %0 to i64, !dbg !68
  %6 = getelementptr inbounds [3 x void (i8*)*], [3 x void (i8*)*]* @handlers, i64 0, i64 %5, !dbg !68
  %7 = load void (i8*)*, void (i8*)** %6, align 8, !dbg !68, !tbaa !30
  tail call void %7(i8* noundef %1) #7, !dbg !68
  br label %8, !dbg !68

8:                                                ; preds = %4, %2
  ret void, !dbg !69
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i64 @strlen(i8* nocapture noundef) local_unnamed_addr #4

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #5

attributes #0 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { argmemonly mustprogress nofree nounwind readonly willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #6 = { cold }
attributes #7 = { nounwind }
attributes #8 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!6, !7, !8, !9, !10, !11}
!llvm.ident = !{!12}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "calls", scope: !2, file: !3, line: 6, type: !5, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "relay.c", directory: ".", checksumkind: CSK_MD5, checksum: "961829b74137c5641da7030756b841c3")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 7, !"Dwarf Version", i32 5}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 7, !"PIC Level", i32 2}
!10 = !{i32 7, !"PIE Level", i32 2}
!11 = !{i32 7, !"uwtable", i32 1}
!12 = !{!"Debian clang version 14.0.6"}
!13 = distinct !DISubprogram(name: "relay", scope: !3, file: !3, line: 14, type: !14, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !19)
!14 = !DISubroutineType(types: !15)
!15 = !{!16, !16}
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !18)
!18 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!19 = !{!20}
!20 = !DILocalVariable(name: "data", arg: 1, scope: !13, file: !3, line: 14, type: !16)
!21 = !DILocation(line: 0, scope: !13)
!22 = !DILocation(line: 15, column: 9, scope: !23)
!23 = distinct !DILexicalBlock(scope: !13, file: !3, line: 15, column: 9)
!24 = !{!25, !25, i64 0}
!25 = !{!"int", !26, i64 0}
!26 = !{!"omnipotent char", !27, i64 0}
!27 = !{!"Simple C/C++ TBAA"}
!28 = !DILocation(line: 15, column: 9, scope: !13)
!29 = !DILocation(line: 16, column: 17, scope: !23)
!30 = !{!31, !31, i64 0}
!31 = !{!"any pointer", !26, i64 0}
!32 = !DILocation(line: 16, column: 39, scope: !23)
!33 = !DILocation(line: 16, column: 9, scope: !23)
!34 = !DILocalVariable(name: "s", arg: 1, scope: !35, file: !3, line: 9, type: !16)
!35 = distinct !DISubprogram(name: "check", scope: !3, file: !3, line: 9, type: !36, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !38)
!36 = !DISubroutineType(types: !37)
!37 = !{!5, !16}
!38 = !{!34}
!39 = !DILocation(line: 0, scope: !35, inlinedAt: !40)
!40 = distinct !DILocation(line: 17, column: 10, scope: !41)
!41 = distinct !DILexicalBlock(scope: !13, file: !3, line: 17, column: 9)
!42 = !DILocation(line: 10, column: 10, scope: !35, inlinedAt: !40)
!43 = !DILocation(line: 11, column: 12, scope: !35, inlinedAt: !40)
!44 = !DILocation(line: 11, column: 22, scope: !35, inlinedAt: !40)
!45 = !DILocation(line: 20, column: 1, scope: !13)
!46 = distinct !DISubprogram(name: "relay_copy", scope: !3, file: !3, line: 22, type: !47, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !50)
!47 = !DISubroutineType(types: !48)
!48 = !{null, !49, !16}
!49 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!50 = !{!51, !52}
!51 = !DILocalVariable(name: "dst", arg: 1, scope: !46, file: !3, line: 22, type: !49)
!52 = !DILocalVariable(name: "src", arg: 2, scope: !46, file: !3, line: 22, type: !16)
!53 = !DILocation(line: 0, scope: !46)
!54 = !DILocation(line: 23, column: 5, scope: !46)
!55 = !DILocation(line: 24, column: 1, scope: !46)
!56 = !DISubprogram(name: "copy_name", scope: !57, file: !57, line: 21, type: !47, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !58)
!57 = !DIFile(filename: "./multi.h", directory: ".", checksumkind: CSK_MD5, checksum: "0832c8596ee0af1cf844ce86e984deeb")
!58 = !{}
!59 = distinct !DISubprogram(name: "dispatch", scope: !3, file: !3, line: 26, type: !60, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !62)
!60 = !DISubroutineType(types: !61)
!61 = !{null, !5, !16}
!62 = !{!63, !64}
!63 = !DILocalVariable(name: "which", arg: 1, scope: !59, file: !3, line: 26, type: !5)
!64 = !DILocalVariable(name: "arg", arg: 2, scope: !59, file: !3, line: 26, type: !16)
!65 = !DILocation(line: 0, scope: !59)
!66 = !DILocation(line: 27, column: 20, scope: !67)
!67 = distinct !DILexicalBlock(scope: !59, file: !3, line: 27, column: 9)
!68 = !DILocation(line: 28, column: 9, scope: !67)
!69 = !DILocation(line: 29, column: 1, scope: !59)
