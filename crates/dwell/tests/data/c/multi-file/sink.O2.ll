; ModuleID = 'sink.c'
source_filename = "sink.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@runs = internal unnamed_addr global i32 0, align 4, !dbg !0
@stderr = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str = private unnamed_addr constant [14 x i8] c"log: %s (%d)\0A\00", align 1
@handlers = dso_local local_unnamed_addr global [3 x void (i8*)*] [void (i8*)* @run_command, void (i8*)* @log_only, void (i8*)* @quiet], align 16, !dbg !5

; Function Attrs: nofree nounwind uwtable
define dso_local void @run_command(i8* nocapture noundef readonly %0) #0 !dbg !26 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !28, metadata !DIExpression()), !dbg !29
  %2 = load i32, i32* @runs, align 4, !dbg !30, !tbaa !31
  %3 = add nsw i32 %2, 1, !dbg !30
  store i32 %3, i32* @runs, align 4, !dbg !30, !tbaa !31
  %4 = tail call i32 @system(i8* noundef %0) #7, !dbg !35
  ret void, !dbg !36
}

; Function Attrs: nofree
declare !dbg !37 noundef i32 @system(i8* nocapture noundef readonly) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nounwind uwtable willreturn
define dso_local void @copy_name(i8* noundef %0, i8* nocapture noundef readonly %1) local_unnamed_addr #2 !dbg !42 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !47, metadata !DIExpression()), !dbg !49
  call void @llvm.dbg.value(metadata i8* %1, metadata !48, metadata !DIExpression()), !dbg !49
  %3 = tail call i8* @strcpy(i8* noundef nonnull dereferenceable(1) %0, i8* noundef nonnull dereferenceable(1) %1) #7, !dbg !50
  ret void, !dbg !51
}

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare i8* @strcpy(i8* noalias noundef returned writeonly, i8* noalias nocapture noundef readonly) local_unnamed_addr #3

; Function Attrs: nofree nounwind uwtable
define dso_local void @log_only(i8* noundef %0) #0 !dbg !52 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !54, metadata !DIExpression()), !dbg !55
  %2 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !56, !tbaa !57
  %3 = load i32, i32* @runs, align 4, !dbg !59, !tbaa !31
  %4 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %2, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str, i64 0, i64 0), i8* noundef %0, i32 noundef %3) #8, !dbg !60
  ret void, !dbg !61
}

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(%struct._IO_FILE* nocapture noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #4

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define internal void @quiet(i8* nocapture noundef %0) #5 !dbg !62 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !64, metadata !DIExpression()), !dbg !65
  ret void, !dbg !66
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #6

attributes #0 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { argmemonly mustprogress nofree nounwind willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #7 = { nounwind }
attributes #8 = { cold }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!19, !20, !21, !22, !23, !24}
!llvm.ident = !{!25}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "runs", scope: !2, file: !3, line: 7, type: !18, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "sink.c", directory: ".", checksumkind: CSK_MD5, checksum: "7fdd6a6812246e26347b8bc517e1f312")
!4 = !{!5, !0}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "handlers", scope: !2, file: !3, line: 26, type: !7, isLocal: false, isDefinition: true)
!7 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 192, elements: !16)
!8 = !DIDerivedType(tag: DW_TAG_typedef, name: "handler", file: !9, line: 6, baseType: !10)
!9 = !DIFile(filename: "./multi.h", directory: ".", checksumkind: CSK_MD5, checksum: "0832c8596ee0af1cf844ce86e984deeb")
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!15 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!16 = !{!17}
!17 = !DISubrange(count: 3)
!18 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!19 = !{i32 7, !"Dwarf Version", i32 5}
!20 = !{i32 2, !"Debug Info Version", i32 3}
!21 = !{i32 1, !"wchar_size", i32 4}
!22 = !{i32 7, !"PIC Level", i32 2}
!23 = !{i32 7, !"PIE Level", i32 2}
!24 = !{i32 7, !"uwtable", i32 1}
!25 = !{!"Debian clang version 14.0.6"}
!26 = distinct !DISubprogram(name: "run_command", scope: !3, file: !3, line: 9, type: !11, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !27)
!27 = !{!28}
!28 = !DILocalVariable(name: "cmd", arg: 1, scope: !26, file: !3, line: 9, type: !13)
!29 = !DILocation(line: 0, scope: !26)
!30 = !DILocation(line: 10, column: 9, scope: !26)
!31 = !{!32, !32, i64 0}
!32 = !{!"int", !33, i64 0}
!33 = !{!"omnipotent char", !34, i64 0}
!34 = !{!"Simple C/C++ TBAA"}
!35 = !DILocation(line: 11, column: 5, scope: !26)
!36 = !DILocation(line: 12, column: 1, scope: !26)
!37 = !DISubprogram(name: "system", scope: !38, file: !38, line: 804, type: !39, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !41)
!38 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!39 = !DISubroutineType(types: !40)
!40 = !{!18, !13}
!41 = !{}
!42 = distinct !DISubprogram(name: "copy_name", scope: !3, file: !3, line: 14, type: !43, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !46)
!43 = !DISubroutineType(types: !44)
!44 = !{null, !45, !13}
!45 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!46 = !{!47, !48}
!47 = !DILocalVariable(name: "dst", arg: 1, scope: !42, file: !3, line: 14, type: !45)
!48 = !DILocalVariable(name: "src", arg: 2, scope: !42, file: !3, line: 14, type: !13)
!49 = !DILocation(line: 0, scope: !42)
!50 = !DILocation(line: 15, column: 5, scope: !42)
!51 = !DILocation(line: 16, column: 1, scope: !42)
!52 = distinct !DISubprogram(name: "log_only", scope: !3, file: !3, line: 18, type: !11, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !53)
!53 = !{!54}
!54 = !DILocalVariable(name: "msg", arg: 1, scope: !52, file: !3, line: 18, type: !13)
!55 = !DILocation(line: 0, scope: !52)
!56 = !DILocation(line: 19, column: 13, scope: !52)
!57 = !{!58, !58, i64 0}
!58 = !{!"any pointer", !33, i64 0}
!59 = !DILocation(line: 19, column: 44, scope: !52)
!60 = !DILocation(line: 19, column: 5, scope: !52)
!61 = !DILocation(line: 20, column: 1, scope: !52)
!62 = distinct !DISubprogram(name: "quiet", scope: !3, file: !3, line: 22, type: !11, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !63)
!63 = !{!64}
!64 = !DILocalVariable(name: "msg", arg: 1, scope: !62, file: !3, line: 22, type: !13)
!65 = !DILocation(line: 0, scope: !62)
!66 = !DILocation(line: 24, column: 1, scope: !62)
