; ModuleID = 'llvm-link'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@.str = private unnamed_addr constant [10 x i8] c"MULTI_CMD\00", align 1
@reads = internal unnamed_addr global i32 0, align 4, !dbg !0
@.str.1 = private unnamed_addr constant [5 x i8] c"true\00", align 1
@stdin = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str.2 = private unnamed_addr constant [9 x i8] c"read %d\0A\00", align 1
@.str.3 = private unnamed_addr constant [10 x i8] c"relay %d\0A\00", align 1
@calls = internal unnamed_addr global i32 0, align 4, !dbg !10
@.str.1.4 = private unnamed_addr constant [6 x i8] c"false\00", align 1
@runs = internal unnamed_addr global i32 0, align 4, !dbg !15
@stderr = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str.7 = private unnamed_addr constant [14 x i8] c"log: %s (%d)\0A\00", align 1
@handlers = dso_local local_unnamed_addr global [3 x void (i8*)*] [void (i8*)* @run_command, void (i8*)* @log_only, void (i8*)* @quiet], align 16, !dbg !20
@.str.10 = private unnamed_addr constant [5 x i8] c"done\00", align 1
@verbose = dso_local local_unnamed_addr global i32 1, align 4, !dbg !7

; Function Attrs: nofree nounwind uwtable
define dso_local i8* @read_env() local_unnamed_addr #0 !dbg !42 {
  %1 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str, i64 0, i64 0)) #11, !dbg !48
  call void @llvm.dbg.value(metadata i8* %1, metadata !47, metadata !DIExpression()), !dbg !49
  %2 = load i32, i32* @reads, align 4, !dbg !50, !tbaa !51
  %3 = add nsw i32 %2, 1, !dbg !50
  store i32 %3, i32* @reads, align 4, !dbg !50, !tbaa !51
  call void @llvm.dbg.value(metadata i8* %1, metadata !55, metadata !DIExpression()), !dbg !60
  %4 = icmp eq i8* %1, null, !dbg !63
  br i1 %4, label %8, label %5, !dbg !64

5:                                                ; preds = %0
  %6 = load i8, i8* %1, align 1, !dbg !65, !tbaa !66
  %7 = icmp eq i8 %6, 0, !dbg !67
  br i1 %7, label %8, label %9, !dbg !49

8:                                                ; preds = %5, %0
  br label %9, !dbg !49

9:                                                ; preds = %8, %5
  %10 = phi i8* [ getelementptr inbounds ([5 x i8], [5 x i8]* @.str.1, i64 0, i64 0), %8 ], [ %1, %5 ]
  ret i8* %10, !dbg !68
}

; Function Attrs: nofree nounwind readonly
declare !dbg !69 noundef i8* @getenv(i8* nocapture noundef) local_unnamed_addr #1

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #2

; Function Attrs: nofree nounwind uwtable
define dso_local i8* @read_line(i8* noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !74 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !78, metadata !DIExpression()), !dbg !80
  call void @llvm.dbg.value(metadata i32 %1, metadata !79, metadata !DIExpression()), !dbg !80
  %3 = load %struct._IO_FILE*, %struct._IO_FILE** @stdin, align 8, !dbg !81, !tbaa !83
  %4 = tail call i8* @fgets(i8* noundef %0, i32 noundef %1, %struct._IO_FILE* noundef %3), !dbg !85
  %5 = icmp eq i8* %4, null, !dbg !86
  br i1 %5, label %14, label %6, !dbg !87

6:                                                ; preds = %2
  %7 = load i32, i32* @reads, align 4, !dbg !88, !tbaa !51
  %8 = add nsw i32 %7, 1, !dbg !88
  store i32 %8, i32* @reads, align 4, !dbg !88, !tbaa !51
  %9 = load i32, i32* @verbose, align 4, !dbg !89, !tbaa !51
  %10 = icmp eq i32 %9, 0, !dbg !89
  br i1 %10, label %14, label %11, !dbg !91

11:                                               ; preds = %6
  %12 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !92, !tbaa !83
  %13 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %12, i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str.2, i64 0, i64 0), i32 noundef %8) #12, !dbg !93
  br label %14, !dbg !93

14:                                               ; preds = %11, %6, %2
  %15 = phi i8* [ null, %2 ], [ %0, %11 ], [ %0, %6 ], !dbg !80
  ret i8* %15, !dbg !94
}

; Function Attrs: nofree nounwind
declare !dbg !95 noundef i8* @fgets(i8* noundef, i32 noundef, %struct._IO_FILE* nocapture noundef) local_unnamed_addr #3

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(%struct._IO_FILE* nocapture noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #3

; Function Attrs: nofree nounwind uwtable
define dso_local i8* @relay(i8* noundef readonly %0) local_unnamed_addr #0 !dbg !160 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !164, metadata !DIExpression()), !dbg !165
  %2 = load i32, i32* @verbose, align 4, !dbg !166, !tbaa !51
  %3 = icmp eq i32 %2, 0, !dbg !166
  br i1 %3, label %8, label %4, !dbg !168

4:                                                ; preds = %1
  %5 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !169, !tbaa !83
  %6 = load i32, i32* @calls, align 4, !dbg !170, !tbaa !51
  %7 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %5, i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str.3, i64 0, i64 0), i32 noundef %6) #12, !dbg !171
  br label %8, !dbg !171

8:                                                ; preds = %4, %1
  call void @llvm.dbg.value(metadata i8* %0, metadata !172, metadata !DIExpression()) #11, !dbg !175
  %9 = load i32, i32* @calls, align 4, !dbg !178, !tbaa !51
  %10 = add nsw i32 %9, 1, !dbg !178
  store i32 %10, i32* @calls, align 4, !dbg !178, !tbaa !51
  %11 = tail call i64 @strlen(i8* noundef nonnull dereferenceable(1) %0) #13, !dbg !179
  %12 = icmp ugt i64 %11, 63, !dbg !180
  %13 = select i1 %12, i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1.4, i64 0, i64 0), i8* %0, !dbg !165
  ret i8* %13, !dbg !181
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i64 @strlen(i8* nocapture noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define dso_local void @relay_copy(i8* noundef %0, i8* noundef %1) local_unnamed_addr #5 !dbg !182 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !186, metadata !DIExpression()), !dbg !188
  call void @llvm.dbg.value(metadata i8* %1, metadata !187, metadata !DIExpression()), !dbg !188
  tail call void @copy_name(i8* noundef %0, i8* noundef %1) #11, !dbg !189
  ret void, !dbg !190
}

; Function Attrs: nounwind uwtable
define dso_local void @dispatch(i32 noundef %0, i8* noundef %1) local_unnamed_addr #5 !dbg !191 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !195, metadata !DIExpression()), !dbg !197
  call void @llvm.dbg.value(metadata i8* %1, metadata !196, metadata !DIExpression()), !dbg !197
  %3 = icmp ult i32 %0, 3, !dbg !198
  br i1 %3, label %4, label %8, !dbg !198

4:                                                ; preds = %2
  %5 = zext i32 %0 to i64, !dbg !200
  %6 = getelementptr inbounds [3 x void (i8*)*], [3 x void (i8*)*]* @handlers, i64 0, i64 %5, !dbg !200
  %7 = load void (i8*)*, void (i8*)** %6, align 8, !dbg !200, !tbaa !83
  tail call void %7(i8* noundef %1) #11, !dbg !200
  br label %8, !dbg !200

8:                                                ; preds = %4, %2
  ret void, !dbg !201
}

; Function Attrs: nofree nounwind uwtable
define dso_local void @run_command(i8* nocapture noundef readonly %0) #0 !dbg !202 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !204, metadata !DIExpression()), !dbg !205
  %2 = load i32, i32* @runs, align 4, !dbg !206, !tbaa !51
  %3 = add nsw i32 %2, 1, !dbg !206
  store i32 %3, i32* @runs, align 4, !dbg !206, !tbaa !51
  %4 = tail call i32 @system(i8* noundef %0) #11, !dbg !207
  ret void, !dbg !208
}

; Function Attrs: nofree nounwind uwtable
define dso_local void @log_only(i8* noundef %0) #0 !dbg !209 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !211, metadata !DIExpression()), !dbg !212
  %2 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !213, !tbaa !83
  %3 = load i32, i32* @runs, align 4, !dbg !214, !tbaa !51
  %4 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %2, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.7, i64 0, i64 0), i8* noundef %0, i32 noundef %3) #12, !dbg !215
  ret void, !dbg !216
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define internal void @quiet(i8* nocapture noundef %0) #6 !dbg !217 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !219, metadata !DIExpression()), !dbg !220
  ret void, !dbg !221
}

; Function Attrs: nofree
declare !dbg !222 noundef i32 @system(i8* nocapture noundef readonly) local_unnamed_addr #7

; Function Attrs: mustprogress nofree nounwind uwtable willreturn
define dso_local void @copy_name(i8* noundef %0, i8* nocapture noundef readonly %1) local_unnamed_addr #8 !dbg !223 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !225, metadata !DIExpression()), !dbg !227
  call void @llvm.dbg.value(metadata i8* %1, metadata !226, metadata !DIExpression()), !dbg !227
  %3 = tail call i8* @strcpy(i8* noundef nonnull dereferenceable(1) %0, i8* noundef nonnull dereferenceable(1) %1) #11, !dbg !228
  ret void, !dbg !229
}

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare i8* @strcpy(i8* noalias noundef returned writeonly, i8* noalias nocapture noundef readonly) local_unnamed_addr #9

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, i8** nocapture noundef readonly %1) local_unnamed_addr #5 !dbg !230 {
  %3 = alloca [128 x i8], align 16
  %4 = alloca [32 x i8], align 16
  call void @llvm.dbg.value(metadata i32 %0, metadata !235, metadata !DIExpression()), !dbg !246
  call void @llvm.dbg.value(metadata i8** %1, metadata !236, metadata !DIExpression()), !dbg !246
  %5 = getelementptr inbounds [128 x i8], [128 x i8]* %3, i64 0, i64 0, !dbg !247
  call void @llvm.lifetime.start.p0i8(i64 128, i8* nonnull %5) #11, !dbg !247
  call void @llvm.dbg.declare(metadata [128 x i8]* %3, metadata !237, metadata !DIExpression()), !dbg !248
  %6 = getelementptr inbounds [32 x i8], [32 x i8]* %4, i64 0, i64 0, !dbg !249
  call void @llvm.lifetime.start.p0i8(i64 32, i8* nonnull %6) #11, !dbg !249
  call void @llvm.dbg.declare(metadata [32 x i8]* %4, metadata !241, metadata !DIExpression()), !dbg !250
  %7 = tail call i8* @read_env() #11, !dbg !251
  %8 = tail call i8* @relay(i8* noundef %7) #11, !dbg !252
  call void @llvm.dbg.value(metadata i8* %8, metadata !245, metadata !DIExpression()), !dbg !246
  tail call void @run_command(i8* noundef %8) #11, !dbg !253
  %9 = call i8* @read_line(i8* noundef nonnull %5, i32 noundef 128) #11, !dbg !254
  %10 = icmp eq i8* %9, null, !dbg !256
  br i1 %10, label %12, label %11, !dbg !257

11:                                               ; preds = %2
  call void @relay_copy(i8* noundef nonnull %6, i8* noundef nonnull %5) #11, !dbg !258
  br label %12, !dbg !258

12:                                               ; preds = %11, %2
  %13 = icmp slt i32 %0, 2, !dbg !259
  %14 = zext i1 %13 to i32, !dbg !260
  %15 = load i8*, i8** %1, align 8, !dbg !261, !tbaa !83
  call void @dispatch(i32 noundef %14, i8* noundef %15) #11, !dbg !262
  call void @dispatch(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.10, i64 0, i64 0)) #11, !dbg !263
  store i32 0, i32* @verbose, align 4, !dbg !264, !tbaa !51
  call void @llvm.lifetime.end.p0i8(i64 32, i8* nonnull %6) #11, !dbg !265
  call void @llvm.lifetime.end.p0i8(i64 128, i8* nonnull %5) #11, !dbg !265
  ret i32 0, !dbg !266
}

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #10

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #2

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #10

attributes #0 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nounwind readonly "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { nofree nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { argmemonly mustprogress nofree nounwind readonly willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { argmemonly mustprogress nofree nounwind willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { argmemonly nofree nosync nounwind willreturn }
attributes #11 = { nounwind }
attributes #12 = { cold }
attributes #13 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!2, !12, !17, !33}
!llvm.ident = !{!35, !35, !35, !35}
!llvm.module.flags = !{!36, !37, !38, !39, !40, !41}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "reads", scope: !2, file: !3, line: 7, type: !9, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "input.c", directory: ".", checksumkind: CSK_MD5, checksum: "989065664deed073adb986a7cb4b04a8")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !{!7, !0}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(name: "verbose", scope: !2, file: !3, line: 6, type: !9, isLocal: false, isDefinition: true)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "calls", scope: !12, file: !13, line: 6, type: !9, isLocal: true, isDefinition: true)
!12 = distinct !DICompileUnit(language: DW_LANG_C99, file: !13, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !14, splitDebugInlining: false, nameTableKind: None)
!13 = !DIFile(filename: "relay.c", directory: ".", checksumkind: CSK_MD5, checksum: "961829b74137c5641da7030756b841c3")
!14 = !{!10}
!15 = !DIGlobalVariableExpression(var: !16, expr: !DIExpression())
!16 = distinct !DIGlobalVariable(name: "runs", scope: !17, file: !18, line: 7, type: !9, isLocal: true, isDefinition: true)
!17 = distinct !DICompileUnit(language: DW_LANG_C99, file: !18, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !19, splitDebugInlining: false, nameTableKind: None)
!18 = !DIFile(filename: "sink.c", directory: ".", checksumkind: CSK_MD5, checksum: "7fdd6a6812246e26347b8bc517e1f312")
!19 = !{!20, !15}
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "handlers", scope: !17, file: !18, line: 26, type: !22, isLocal: false, isDefinition: true)
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 192, elements: !31)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "handler", file: !24, line: 6, baseType: !25)
!24 = !DIFile(filename: "./multi.h", directory: ".", checksumkind: CSK_MD5, checksum: "0832c8596ee0af1cf844ce86e984deeb")
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !26, size: 64)
!26 = !DISubroutineType(types: !27)
!27 = !{null, !28}
!28 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !29, size: 64)
!29 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !30)
!30 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!31 = !{!32}
!32 = !DISubrange(count: 3)
!33 = distinct !DICompileUnit(language: DW_LANG_C99, file: !34, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, splitDebugInlining: false, nameTableKind: None)
!34 = !DIFile(filename: "main.c", directory: ".", checksumkind: CSK_MD5, checksum: "4fe5e09f5f733a40827cb1144dd34ee2")
!35 = !{!"Debian clang version 14.0.6"}
!36 = !{i32 7, !"Dwarf Version", i32 5}
!37 = !{i32 2, !"Debug Info Version", i32 3}
!38 = !{i32 1, !"wchar_size", i32 4}
!39 = !{i32 7, !"PIC Level", i32 2}
!40 = !{i32 7, !"PIE Level", i32 2}
!41 = !{i32 7, !"uwtable", i32 1}
!42 = distinct !DISubprogram(name: "read_env", scope: !3, file: !3, line: 14, type: !43, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !46)
!43 = !DISubroutineType(types: !44)
!44 = !{!45}
!45 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !30, size: 64)
!46 = !{!47}
!47 = !DILocalVariable(name: "v", scope: !42, file: !3, line: 15, type: !45)
!48 = !DILocation(line: 15, column: 15, scope: !42)
!49 = !DILocation(line: 0, scope: !42)
!50 = !DILocation(line: 16, column: 10, scope: !42)
!51 = !{!52, !52, i64 0}
!52 = !{!"int", !53, i64 0}
!53 = !{!"omnipotent char", !54, i64 0}
!54 = !{!"Simple C/C++ TBAA"}
!55 = !DILocalVariable(name: "s", arg: 1, scope: !56, file: !3, line: 10, type: !28)
!56 = distinct !DISubprogram(name: "check", scope: !3, file: !3, line: 10, type: !57, scopeLine: 10, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !59)
!57 = !DISubroutineType(types: !58)
!58 = !{!9, !28}
!59 = !{!55}
!60 = !DILocation(line: 0, scope: !56, inlinedAt: !61)
!61 = distinct !DILocation(line: 17, column: 10, scope: !62)
!62 = distinct !DILexicalBlock(scope: !42, file: !3, line: 17, column: 9)
!63 = !DILocation(line: 11, column: 14, scope: !56, inlinedAt: !61)
!64 = !DILocation(line: 11, column: 22, scope: !56, inlinedAt: !61)
!65 = !DILocation(line: 11, column: 25, scope: !56, inlinedAt: !61)
!66 = !{!53, !53, i64 0}
!67 = !DILocation(line: 11, column: 30, scope: !56, inlinedAt: !61)
!68 = !DILocation(line: 20, column: 1, scope: !42)
!69 = !DISubprogram(name: "getenv", scope: !70, file: !70, line: 654, type: !71, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !73)
!70 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!71 = !DISubroutineType(types: !72)
!72 = !{!45, !28}
!73 = !{}
!74 = distinct !DISubprogram(name: "read_line", scope: !3, file: !3, line: 22, type: !75, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !77)
!75 = !DISubroutineType(types: !76)
!76 = !{!45, !45, !9}
!77 = !{!78, !79}
!78 = !DILocalVariable(name: "buf", arg: 1, scope: !74, file: !3, line: 22, type: !45)
!79 = !DILocalVariable(name: "size", arg: 2, scope: !74, file: !3, line: 22, type: !9)
!80 = !DILocation(line: 0, scope: !74)
!81 = !DILocation(line: 23, column: 26, scope: !82)
!82 = distinct !DILexicalBlock(scope: !74, file: !3, line: 23, column: 9)
!83 = !{!84, !84, i64 0}
!84 = !{!"any pointer", !53, i64 0}
!85 = !DILocation(line: 23, column: 9, scope: !82)
!86 = !DILocation(line: 23, column: 33, scope: !82)
!87 = !DILocation(line: 23, column: 9, scope: !74)
!88 = !DILocation(line: 25, column: 10, scope: !74)
!89 = !DILocation(line: 26, column: 9, scope: !90)
!90 = distinct !DILexicalBlock(scope: !74, file: !3, line: 26, column: 9)
!91 = !DILocation(line: 26, column: 9, scope: !74)
!92 = !DILocation(line: 27, column: 17, scope: !90)
!93 = !DILocation(line: 27, column: 9, scope: !90)
!94 = !DILocation(line: 29, column: 1, scope: !74)
!95 = !DISubprogram(name: "fgets", scope: !96, file: !96, line: 592, type: !97, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !73)
!96 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!97 = !DISubroutineType(types: !98)
!98 = !{!45, !99, !9, !100}
!99 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !45)
!100 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !101)
!101 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !102, size: 64)
!102 = !DIDerivedType(tag: DW_TAG_typedef, name: "FILE", file: !103, line: 7, baseType: !104)
!103 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types/FILE.h", directory: "", checksumkind: CSK_MD5, checksum: "571f9fb6223c42439075fdde11a0de5d")
!104 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_IO_FILE", file: !105, line: 49, size: 1728, elements: !106)
!105 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h", directory: "", checksumkind: CSK_MD5, checksum: "1bad07471b7974df4ecc1d1c2ca207e6")
!106 = !{!107, !108, !109, !110, !111, !112, !113, !114, !115, !116, !117, !118, !119, !122, !124, !125, !126, !130, !132, !134, !138, !141, !143, !146, !149, !150, !151, !155, !156}
!107 = !DIDerivedType(tag: DW_TAG_member, name: "_flags", scope: !104, file: !105, line: 51, baseType: !9, size: 32)
!108 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_read_ptr", scope: !104, file: !105, line: 54, baseType: !45, size: 64, offset: 64)
!109 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_read_end", scope: !104, file: !105, line: 55, baseType: !45, size: 64, offset: 128)
!110 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_read_base", scope: !104, file: !105, line: 56, baseType: !45, size: 64, offset: 192)
!111 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_write_base", scope: !104, file: !105, line: 57, baseType: !45, size: 64, offset: 256)
!112 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_write_ptr", scope: !104, file: !105, line: 58, baseType: !45, size: 64, offset: 320)
!113 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_write_end", scope: !104, file: !105, line: 59, baseType: !45, size: 64, offset: 384)
!114 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_buf_base", scope: !104, file: !105, line: 60, baseType: !45, size: 64, offset: 448)
!115 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_buf_end", scope: !104, file: !105, line: 61, baseType: !45, size: 64, offset: 512)
!116 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_save_base", scope: !104, file: !105, line: 64, baseType: !45, size: 64, offset: 576)
!117 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_backup_base", scope: !104, file: !105, line: 65, baseType: !45, size: 64, offset: 640)
!118 = !DIDerivedType(tag: DW_TAG_member, name: "_IO_save_end", scope: !104, file: !105, line: 66, baseType: !45, size: 64, offset: 704)
!119 = !DIDerivedType(tag: DW_TAG_member, name: "_markers", scope: !104, file: !105, line: 68, baseType: !120, size: 64, offset: 768)
!120 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !121, size: 64)
!121 = !DICompositeType(tag: DW_TAG_structure_type, name: "_IO_marker", file: !105, line: 36, flags: DIFlagFwdDecl)
!122 = !DIDerivedType(tag: DW_TAG_member, name: "_chain", scope: !104, file: !105, line: 70, baseType: !123, size: 64, offset: 832)
!123 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !104, size: 64)
!124 = !DIDerivedType(tag: DW_TAG_member, name: "_fileno", scope: !104, file: !105, line: 72, baseType: !9, size: 32, offset: 896)
!125 = !DIDerivedType(tag: DW_TAG_member, name: "_flags2", scope: !104, file: !105, line: 73, baseType: !9, size: 32, offset: 928)
!126 = !DIDerivedType(tag: DW_TAG_member, name: "_old_offset", scope: !104, file: !105, line: 74, baseType: !127, size: 64, offset: 960)
!127 = !DIDerivedType(tag: DW_TAG_typedef, name: "__off_t", file: !128, line: 152, baseType: !129)
!128 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!129 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!130 = !DIDerivedType(tag: DW_TAG_member, name: "_cur_column", scope: !104, file: !105, line: 77, baseType: !131, size: 16, offset: 1024)
!131 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!132 = !DIDerivedType(tag: DW_TAG_member, name: "_vtable_offset", scope: !104, file: !105, line: 78, baseType: !133, size: 8, offset: 1040)
!133 = !DIBasicType(name: "signed char", size: 8, encoding: DW_ATE_signed_char)
!134 = !DIDerivedType(tag: DW_TAG_member, name: "_shortbuf", scope: !104, file: !105, line: 79, baseType: !135, size: 8, offset: 1048)
!135 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 8, elements: !136)
!136 = !{!137}
!137 = !DISubrange(count: 1)
!138 = !DIDerivedType(tag: DW_TAG_member, name: "_lock", scope: !104, file: !105, line: 81, baseType: !139, size: 64, offset: 1088)
!139 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !140, size: 64)
!140 = !DIDerivedType(tag: DW_TAG_typedef, name: "_IO_lock_t", file: !105, line: 43, baseType: null)
!141 = !DIDerivedType(tag: DW_TAG_member, name: "_offset", scope: !104, file: !105, line: 89, baseType: !142, size: 64, offset: 1152)
!142 = !DIDerivedType(tag: DW_TAG_typedef, name: "__off64_t", file: !128, line: 153, baseType: !129)
!143 = !DIDerivedType(tag: DW_TAG_member, name: "_codecvt", scope: !104, file: !105, line: 91, baseType: !144, size: 64, offset: 1216)
!144 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !145, size: 64)
!145 = !DICompositeType(tag: DW_TAG_structure_type, name: "_IO_codecvt", file: !105, line: 37, flags: DIFlagFwdDecl)
!146 = !DIDerivedType(tag: DW_TAG_member, name: "_wide_data", scope: !104, file: !105, line: 92, baseType: !147, size: 64, offset: 1280)
!147 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !148, size: 64)
!148 = !DICompositeType(tag: DW_TAG_structure_type, name: "_IO_wide_data", file: !105, line: 38, flags: DIFlagFwdDecl)
!149 = !DIDerivedType(tag: DW_TAG_member, name: "_freeres_list", scope: !104, file: !105, line: 93, baseType: !123, size: 64, offset: 1344)
!150 = !DIDerivedType(tag: DW_TAG_member, name: "_freeres_buf", scope: !104, file: !105, line: 94, baseType: !5, size: 64, offset: 1408)
!151 = !DIDerivedType(tag: DW_TAG_member, name: "__pad5", scope: !104, file: !105, line: 95, baseType: !152, size: 64, offset: 1472)
!152 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !153, line: 46, baseType: !154)
!153 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h", directory: "", checksumkind: CSK_MD5, checksum: "2499dd2361b915724b073282bea3a7bc")
!154 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!155 = !DIDerivedType(tag: DW_TAG_member, name: "_mode", scope: !104, file: !105, line: 96, baseType: !9, size: 32, offset: 1536)
!156 = !DIDerivedType(tag: DW_TAG_member, name: "_unused2", scope: !104, file: !105, line: 98, baseType: !157, size: 160, offset: 1568)
!157 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 160, elements: !158)
!158 = !{!159}
!159 = !DISubrange(count: 20)
!160 = distinct !DISubprogram(name: "relay", scope: !13, file: !13, line: 14, type: !161, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !12, retainedNodes: !163)
!161 = !DISubroutineType(types: !162)
!162 = !{!28, !28}
!163 = !{!164}
!164 = !DILocalVariable(name: "data", arg: 1, scope: !160, file: !13, line: 14, type: !28)
!165 = !DILocation(line: 0, scope: !160)
!166 = !DILocation(line: 15, column: 9, scope: !167)
!167 = distinct !DILexicalBlock(scope: !160, file: !13, line: 15, column: 9)
!168 = !DILocation(line: 15, column: 9, scope: !160)
!169 = !DILocation(line: 16, column: 17, scope: !167)
!170 = !DILocation(line: 16, column: 39, scope: !167)
!171 = !DILocation(line: 16, column: 9, scope: !167)
!172 = !DILocalVariable(name: "s", arg: 1, scope: !173, file: !13, line: 9, type: !28)
!173 = distinct !DISubprogram(name: "check", scope: !13, file: !13, line: 9, type: !57, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !12, retainedNodes: !174)
!174 = !{!172}
!175 = !DILocation(line: 0, scope: !173, inlinedAt: !176)
!176 = distinct !DILocation(line: 17, column: 10, scope: !177)
!177 = distinct !DILexicalBlock(scope: !160, file: !13, line: 17, column: 9)
!178 = !DILocation(line: 10, column: 10, scope: !173, inlinedAt: !176)
!179 = !DILocation(line: 11, column: 12, scope: !173, inlinedAt: !176)
!180 = !DILocation(line: 11, column: 22, scope: !173, inlinedAt: !176)
!181 = !DILocation(line: 20, column: 1, scope: !160)
!182 = distinct !DISubprogram(name: "relay_copy", scope: !13, file: !13, line: 22, type: !183, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !12, retainedNodes: !185)
!183 = !DISubroutineType(types: !184)
!184 = !{null, !45, !28}
!185 = !{!186, !187}
!186 = !DILocalVariable(name: "dst", arg: 1, scope: !182, file: !13, line: 22, type: !45)
!187 = !DILocalVariable(name: "src", arg: 2, scope: !182, file: !13, line: 22, type: !28)
!188 = !DILocation(line: 0, scope: !182)
!189 = !DILocation(line: 23, column: 5, scope: !182)
!190 = !DILocation(line: 24, column: 1, scope: !182)
!191 = distinct !DISubprogram(name: "dispatch", scope: !13, file: !13, line: 26, type: !192, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !12, retainedNodes: !194)
!192 = !DISubroutineType(types: !193)
!193 = !{null, !9, !28}
!194 = !{!195, !196}
!195 = !DILocalVariable(name: "which", arg: 1, scope: !191, file: !13, line: 26, type: !9)
!196 = !DILocalVariable(name: "arg", arg: 2, scope: !191, file: !13, line: 26, type: !28)
!197 = !DILocation(line: 0, scope: !191)
!198 = !DILocation(line: 27, column: 20, scope: !199)
!199 = distinct !DILexicalBlock(scope: !191, file: !13, line: 27, column: 9)
!200 = !DILocation(line: 28, column: 9, scope: !199)
!201 = !DILocation(line: 29, column: 1, scope: !191)
!202 = distinct !DISubprogram(name: "run_command", scope: !18, file: !18, line: 9, type: !26, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !17, retainedNodes: !203)
!203 = !{!204}
!204 = !DILocalVariable(name: "cmd", arg: 1, scope: !202, file: !18, line: 9, type: !28)
!205 = !DILocation(line: 0, scope: !202)
!206 = !DILocation(line: 10, column: 9, scope: !202)
!207 = !DILocation(line: 11, column: 5, scope: !202)
!208 = !DILocation(line: 12, column: 1, scope: !202)
!209 = distinct !DISubprogram(name: "log_only", scope: !18, file: !18, line: 18, type: !26, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !17, retainedNodes: !210)
!210 = !{!211}
!211 = !DILocalVariable(name: "msg", arg: 1, scope: !209, file: !18, line: 18, type: !28)
!212 = !DILocation(line: 0, scope: !209)
!213 = !DILocation(line: 19, column: 13, scope: !209)
!214 = !DILocation(line: 19, column: 44, scope: !209)
!215 = !DILocation(line: 19, column: 5, scope: !209)
!216 = !DILocation(line: 20, column: 1, scope: !209)
!217 = distinct !DISubprogram(name: "quiet", scope: !18, file: !18, line: 22, type: !26, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !17, retainedNodes: !218)
!218 = !{!219}
!219 = !DILocalVariable(name: "msg", arg: 1, scope: !217, file: !18, line: 22, type: !28)
!220 = !DILocation(line: 0, scope: !217)
!221 = !DILocation(line: 24, column: 1, scope: !217)
!222 = !DISubprogram(name: "system", scope: !70, file: !70, line: 804, type: !57, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !73)
!223 = distinct !DISubprogram(name: "copy_name", scope: !18, file: !18, line: 14, type: !183, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !17, retainedNodes: !224)
!224 = !{!225, !226}
!225 = !DILocalVariable(name: "dst", arg: 1, scope: !223, file: !18, line: 14, type: !45)
!226 = !DILocalVariable(name: "src", arg: 2, scope: !223, file: !18, line: 14, type: !28)
!227 = !DILocation(line: 0, scope: !223)
!228 = !DILocation(line: 15, column: 5, scope: !223)
!229 = !DILocation(line: 16, column: 1, scope: !223)
!230 = distinct !DISubprogram(name: "main", scope: !34, file: !34, line: 5, type: !231, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !33, retainedNodes: !234)
!231 = !DISubroutineType(types: !232)
!232 = !{!9, !9, !233}
!233 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64)
!234 = !{!235, !236, !237, !241, !245}
!235 = !DILocalVariable(name: "argc", arg: 1, scope: !230, file: !34, line: 5, type: !9)
!236 = !DILocalVariable(name: "argv", arg: 2, scope: !230, file: !34, line: 5, type: !233)
!237 = !DILocalVariable(name: "line", scope: !230, file: !34, line: 6, type: !238)
!238 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 1024, elements: !239)
!239 = !{!240}
!240 = !DISubrange(count: 128)
!241 = !DILocalVariable(name: "name", scope: !230, file: !34, line: 7, type: !242)
!242 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 256, elements: !243)
!243 = !{!244}
!244 = !DISubrange(count: 32)
!245 = !DILocalVariable(name: "cmd", scope: !230, file: !34, line: 8, type: !28)
!246 = !DILocation(line: 0, scope: !230)
!247 = !DILocation(line: 6, column: 5, scope: !230)
!248 = !DILocation(line: 6, column: 10, scope: !230)
!249 = !DILocation(line: 7, column: 5, scope: !230)
!250 = !DILocation(line: 7, column: 10, scope: !230)
!251 = !DILocation(line: 8, column: 29, scope: !230)
!252 = !DILocation(line: 8, column: 23, scope: !230)
!253 = !DILocation(line: 9, column: 5, scope: !230)
!254 = !DILocation(line: 10, column: 9, scope: !255)
!255 = distinct !DILexicalBlock(scope: !230, file: !34, line: 10, column: 9)
!256 = !DILocation(line: 10, column: 38, scope: !255)
!257 = !DILocation(line: 10, column: 9, scope: !230)
!258 = !DILocation(line: 11, column: 9, scope: !255)
!259 = !DILocation(line: 12, column: 19, scope: !230)
!260 = !DILocation(line: 12, column: 14, scope: !230)
!261 = !DILocation(line: 12, column: 32, scope: !230)
!262 = !DILocation(line: 12, column: 5, scope: !230)
!263 = !DILocation(line: 13, column: 5, scope: !230)
!264 = !DILocation(line: 14, column: 13, scope: !230)
!265 = !DILocation(line: 16, column: 1, scope: !230)
!266 = !DILocation(line: 15, column: 5, scope: !230)
