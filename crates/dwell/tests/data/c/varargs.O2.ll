; ModuleID = 'varargs.c'
source_filename = "varargs.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__va_list_tag = type { i32, i32, i8*, i8* }

@.str.1 = private unnamed_addr constant [4 x i8] c"CMD\00", align 1
@.str.2 = private unnamed_addr constant [5 x i8] c"date\00", align 1
@.str.3 = private unnamed_addr constant [5 x i8] c"CMD2\00", align 1
@.str.4 = private unnamed_addr constant [5 x i8] c"CMD3\00", align 1

; Function Attrs: nofree nounwind uwtable
define dso_local void @run_fmt(i8* nocapture readnone %0, ...) local_unnamed_addr #0 !dbg !9 {
  %2 = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.dbg.value(metadata i8* undef, metadata !16, metadata !DIExpression()), !dbg !35
  %3 = bitcast [1 x %struct.__va_list_tag]* %2 to i8*, !dbg !36
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %3) #7, !dbg !36
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %2, metadata !17, metadata !DIExpression()), !dbg !37
  call void @llvm.va_start(i8* nonnull %3), !dbg !38
  %4 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 0, !dbg !39
  %5 = load i32, i32* %4, align 16, !dbg !39
  %6 = icmp ult i32 %5, 41, !dbg !39
  br i1 %6, label %7, label %13, !dbg !39

7:                                                ; preds = %1
  %8 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 3, !dbg !39
  %9 = load i8*, i8** %8, align 16, !dbg !39
  %10 = zext i32 %5 to i64, !dbg !39
  %11 = getelementptr i8, i8* %9, i64 %10, !dbg !39
  %12 = add nuw nsw i32 %5, 8, !dbg !39
  store i32 %12, i32* %4, align 16, !dbg !39
  br label %17, !dbg !39

13:                                               ; preds = %1
  %14 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 2, !dbg !39
  %15 = load i8*, i8** %14, align 8, !dbg !39
  %16 = getelementptr i8, i8* %15, i64 8, !dbg !39
  store i8* %16, i8** %14, align 8, !dbg !39
  br label %17, !dbg !39

17:                                               ; preds = %13, %7
  %18 = phi i8* [ %11, %7 ], [ %15, %13 ]
  %19 = bitcast i8* %18 to i8**, !dbg !39
  %20 = load i8*, i8** %19, align 8, !dbg !39
  call void @llvm.dbg.value(metadata i8* %20, metadata !33, metadata !DIExpression()), !dbg !35
  call void @llvm.va_end(i8* nonnull %3), !dbg !40
  %21 = call i32 @system(i8* noundef %20) #7, !dbg !41
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %3) #7, !dbg !42
  ret void, !dbg !42
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #3

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #3

; Function Attrs: nofree
declare !dbg !43 noundef i32 @system(i8* nocapture noundef readonly) local_unnamed_addr #4

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nofree nounwind uwtable
define dso_local void @run_all(i32 noundef %0, ...) local_unnamed_addr #0 !dbg !49 {
  %2 = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.dbg.value(metadata i32 %0, metadata !53, metadata !DIExpression()), !dbg !55
  %3 = bitcast [1 x %struct.__va_list_tag]* %2 to i8*, !dbg !56
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %3) #7, !dbg !56
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %2, metadata !54, metadata !DIExpression()), !dbg !57
  call void @llvm.va_start(i8* nonnull %3), !dbg !58
  call void @llvm.dbg.value(metadata i32 %0, metadata !59, metadata !DIExpression()) #7, !dbg !68
  call void @llvm.dbg.value(metadata [1 x %struct.__va_list_tag]* %2, metadata !65, metadata !DIExpression()) #7, !dbg !68
  call void @llvm.dbg.value(metadata i32 %0, metadata !59, metadata !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value)) #7, !dbg !68
  %4 = icmp sgt i32 %0, 0, !dbg !70
  br i1 %4, label %5, label %28, !dbg !71

5:                                                ; preds = %1
  call void @llvm.dbg.value(metadata [1 x %struct.__va_list_tag]* %2, metadata !65, metadata !DIExpression()) #7, !dbg !68
  call void @llvm.dbg.value(metadata i32 %0, metadata !59, metadata !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value)) #7, !dbg !68
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 0
  %7 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 2
  %8 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 3
  br label %9, !dbg !71

9:                                                ; preds = %22, %5
  %10 = phi i32 [ %0, %5 ], [ %11, %22 ]
  %11 = add nsw i32 %10, -1, !dbg !72
  %12 = load i32, i32* %6, align 16, !dbg !73
  %13 = icmp ult i32 %12, 41, !dbg !73
  br i1 %13, label %14, label %19, !dbg !73

14:                                               ; preds = %9
  %15 = load i8*, i8** %8, align 16, !dbg !73
  %16 = zext i32 %12 to i64, !dbg !73
  %17 = getelementptr i8, i8* %15, i64 %16, !dbg !73
  %18 = add nuw nsw i32 %12, 8, !dbg !73
  store i32 %18, i32* %6, align 16, !dbg !73
  br label %22, !dbg !73

19:                                               ; preds = %9
  %20 = load i8*, i8** %7, align 8, !dbg !73
  %21 = getelementptr i8, i8* %20, i64 8, !dbg !73
  store i8* %21, i8** %7, align 8, !dbg !73
  br label %22, !dbg !73

22:                                               ; preds = %19, %14
  %23 = phi i8* [ %17, %14 ], [ %20, %19 ]
  %24 = bitcast i8* %23 to i8**, !dbg !73
  %25 = load i8*, i8** %24, align 8, !dbg !73
  call void @llvm.dbg.value(metadata i8* %25, metadata !66, metadata !DIExpression()) #7, !dbg !74
  %26 = call i32 @system(i8* noundef %25) #7, !dbg !75
  call void @llvm.dbg.value(metadata i32 %11, metadata !59, metadata !DIExpression()) #7, !dbg !68
  call void @llvm.dbg.value(metadata i32 %11, metadata !59, metadata !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value)) #7, !dbg !68
  %27 = icmp ugt i32 %10, 1, !dbg !70
  br i1 %27, label %9, label %28, !dbg !71, !llvm.loop !76

28:                                               ; preds = %22, %1
  call void @llvm.va_end(i8* nonnull %3), !dbg !79
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %3) #7, !dbg !80
  ret void, !dbg !80
}

; Function Attrs: nofree nounwind uwtable
define dso_local void @run_copy(i32 %0, ...) local_unnamed_addr #0 !dbg !81 {
  %2 = alloca [1 x %struct.__va_list_tag], align 16
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.dbg.value(metadata i32 undef, metadata !83, metadata !DIExpression()), !dbg !87
  %4 = bitcast [1 x %struct.__va_list_tag]* %2 to i8*, !dbg !88
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %4) #7, !dbg !88
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %2, metadata !84, metadata !DIExpression()), !dbg !89
  %5 = bitcast [1 x %struct.__va_list_tag]* %3 to i8*, !dbg !88
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %5) #7, !dbg !88
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %3, metadata !85, metadata !DIExpression()), !dbg !90
  call void @llvm.va_copy(i8* nonnull %5, i8* nonnull %4), !dbg !91
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, i32 0, !dbg !92
  %7 = load i32, i32* %6, align 16, !dbg !92
  %8 = icmp ult i32 %7, 41, !dbg !92
  br i1 %8, label %9, label %15, !dbg !92

9:                                                ; preds = %1
  %10 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, i32 3, !dbg !92
  %11 = load i8*, i8** %10, align 16, !dbg !92
  %12 = zext i32 %7 to i64, !dbg !92
  %13 = getelementptr i8, i8* %11, i64 %12, !dbg !92
  %14 = add nuw nsw i32 %7, 8, !dbg !92
  store i32 %14, i32* %6, align 16, !dbg !92
  br label %19, !dbg !92

15:                                               ; preds = %1
  %16 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, i32 2, !dbg !92
  %17 = load i8*, i8** %16, align 8, !dbg !92
  %18 = getelementptr i8, i8* %17, i64 8, !dbg !92
  store i8* %18, i8** %16, align 8, !dbg !92
  br label %19, !dbg !92

19:                                               ; preds = %15, %9
  %20 = phi i8* [ %13, %9 ], [ %17, %15 ]
  %21 = bitcast i8* %20 to i8**, !dbg !92
  %22 = load i8*, i8** %21, align 8, !dbg !92
  call void @llvm.dbg.value(metadata i8* %22, metadata !86, metadata !DIExpression()), !dbg !87
  call void @llvm.va_end(i8* nonnull %5), !dbg !93
  %23 = call i32 @system(i8* noundef %22) #7, !dbg !94
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %5) #7, !dbg !95
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %4) #7, !dbg !95
  ret void, !dbg !95
}

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_copy(i8*, i8*) #3

; Function Attrs: nofree nounwind uwtable
define dso_local void @from_env() local_unnamed_addr #0 !dbg !96 {
  %1 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i64 0, i64 0)) #7, !dbg !99
  tail call void (i8*, ...) @run_fmt(i8* undef, i8* noundef %1), !dbg !100
  ret void, !dbg !101
}

; Function Attrs: nofree nounwind readonly
declare !dbg !102 noundef i8* @getenv(i8* nocapture noundef) local_unnamed_addr #5

; Function Attrs: nofree nounwind uwtable
define dso_local void @from_env_list() local_unnamed_addr #0 !dbg !105 {
  %1 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.3, i64 0, i64 0)) #7, !dbg !106
  tail call void (i32, ...) @run_all(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.2, i64 0, i64 0), i8* noundef %1), !dbg !107
  ret void, !dbg !108
}

; Function Attrs: nofree nounwind uwtable
define dso_local void @from_env_copy() local_unnamed_addr #0 !dbg !109 {
  %1 = alloca [1 x %struct.__va_list_tag], align 16
  %2 = alloca [1 x %struct.__va_list_tag], align 16
  %3 = tail call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.4, i64 0, i64 0)) #7, !dbg !110
  call void @llvm.dbg.value(metadata i32 undef, metadata !83, metadata !DIExpression()) #7, !dbg !111
  %4 = bitcast [1 x %struct.__va_list_tag]* %1 to i8*, !dbg !113
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %4) #7, !dbg !113
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %1, metadata !84, metadata !DIExpression()) #7, !dbg !114
  %5 = bitcast [1 x %struct.__va_list_tag]* %2 to i8*, !dbg !113
  call void @llvm.lifetime.start.p0i8(i64 24, i8* nonnull %5) #7, !dbg !113
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %2, metadata !85, metadata !DIExpression()) #7, !dbg !115
  call void @llvm.va_copy(i8* nonnull %5, i8* nonnull %4) #7, !dbg !116
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 0, !dbg !117
  %7 = load i32, i32* %6, align 16, !dbg !117
  %8 = icmp ult i32 %7, 41, !dbg !117
  br i1 %8, label %9, label %15, !dbg !117

9:                                                ; preds = %0
  %10 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 3, !dbg !117
  %11 = load i8*, i8** %10, align 16, !dbg !117
  %12 = zext i32 %7 to i64, !dbg !117
  %13 = getelementptr i8, i8* %11, i64 %12, !dbg !117
  %14 = add nuw nsw i32 %7, 8, !dbg !117
  store i32 %14, i32* %6, align 16, !dbg !117
  br label %19, !dbg !117

15:                                               ; preds = %0
  %16 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %2, i64 0, i64 0, i32 2, !dbg !117
  %17 = load i8*, i8** %16, align 8, !dbg !117
  %18 = getelementptr i8, i8* %17, i64 8, !dbg !117
  store i8* %18, i8** %16, align 8, !dbg !117
  br label %19, !dbg !117

19:                                               ; preds = %9, %15
  %20 = phi i8* [ %13, %9 ], [ %17, %15 ]
  %21 = bitcast i8* %20 to i8**, !dbg !117
  %22 = load i8*, i8** %21, align 8, !dbg !117
  call void @llvm.dbg.value(metadata i8* %22, metadata !86, metadata !DIExpression()) #7, !dbg !111
  call void @llvm.va_end(i8* nonnull %5) #7, !dbg !118
  %23 = call i32 @system(i8* noundef %22) #7, !dbg !119
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %5) #7, !dbg !120
  call void @llvm.lifetime.end.p0i8(i64 24, i8* nonnull %4) #7, !dbg !120
  ret void, !dbg !121
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #6

attributes #0 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { mustprogress nofree nosync nounwind willreturn }
attributes #4 = { nofree "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind readonly "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #7 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "varargs.c", directory: ".", checksumkind: CSK_MD5, checksum: "1a9cee504b1d7733a9678b9234b5ca79")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 1}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "run_fmt", scope: !1, file: !1, line: 8, type: !10, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!10 = !DISubroutineType(types: !11)
!11 = !{null, !12, null}
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!13 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!14 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!15 = !{!16, !17, !33}
!16 = !DILocalVariable(name: "fmt", arg: 1, scope: !9, file: !1, line: 8, type: !12)
!17 = !DILocalVariable(name: "ap", scope: !9, file: !1, line: 9, type: !18)
!18 = !DIDerivedType(tag: DW_TAG_typedef, name: "va_list", file: !19, line: 14, baseType: !20)
!19 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stdarg.h", directory: "", checksumkind: CSK_MD5, checksum: "4de3cbd931b589d291e5c39387aecf82")
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "__builtin_va_list", file: !21, baseType: !22)
!21 = !DIFile(filename: "varargs.c", directory: ".")
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 192, elements: !31)
!23 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__va_list_tag", size: 192, elements: !24)
!24 = !{!25, !27, !28, !30}
!25 = !DIDerivedType(tag: DW_TAG_member, name: "gp_offset", scope: !23, file: !21, line: 9, baseType: !26, size: 32)
!26 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!27 = !DIDerivedType(tag: DW_TAG_member, name: "fp_offset", scope: !23, file: !21, line: 9, baseType: !26, size: 32, offset: 32)
!28 = !DIDerivedType(tag: DW_TAG_member, name: "overflow_arg_area", scope: !23, file: !21, line: 9, baseType: !29, size: 64, offset: 64)
!29 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!30 = !DIDerivedType(tag: DW_TAG_member, name: "reg_save_area", scope: !23, file: !21, line: 9, baseType: !29, size: 64, offset: 128)
!31 = !{!32}
!32 = !DISubrange(count: 1)
!33 = !DILocalVariable(name: "cmd", scope: !9, file: !1, line: 11, type: !34)
!34 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!35 = !DILocation(line: 0, scope: !9)
!36 = !DILocation(line: 9, column: 3, scope: !9)
!37 = !DILocation(line: 9, column: 11, scope: !9)
!38 = !DILocation(line: 10, column: 3, scope: !9)
!39 = !DILocation(line: 11, column: 15, scope: !9)
!40 = !DILocation(line: 12, column: 3, scope: !9)
!41 = !DILocation(line: 13, column: 3, scope: !9)
!42 = !DILocation(line: 14, column: 1, scope: !9)
!43 = !DISubprogram(name: "system", scope: !44, file: !44, line: 804, type: !45, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !48)
!44 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!45 = !DISubroutineType(types: !46)
!46 = !{!47, !12}
!47 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!48 = !{}
!49 = distinct !DISubprogram(name: "run_all", scope: !1, file: !1, line: 23, type: !50, scopeLine: 23, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !52)
!50 = !DISubroutineType(types: !51)
!51 = !{null, !47, null}
!52 = !{!53, !54}
!53 = !DILocalVariable(name: "n", arg: 1, scope: !49, file: !1, line: 23, type: !47)
!54 = !DILocalVariable(name: "ap", scope: !49, file: !1, line: 24, type: !18)
!55 = !DILocation(line: 0, scope: !49)
!56 = !DILocation(line: 24, column: 3, scope: !49)
!57 = !DILocation(line: 24, column: 11, scope: !49)
!58 = !DILocation(line: 25, column: 3, scope: !49)
!59 = !DILocalVariable(name: "n", arg: 1, scope: !60, file: !1, line: 16, type: !47)
!60 = distinct !DISubprogram(name: "vrun", scope: !1, file: !1, line: 16, type: !61, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !64)
!61 = !DISubroutineType(types: !62)
!62 = !{null, !47, !63}
!63 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !23, size: 64)
!64 = !{!59, !65, !66}
!65 = !DILocalVariable(name: "ap", arg: 2, scope: !60, file: !1, line: 16, type: !63)
!66 = !DILocalVariable(name: "cmd", scope: !67, file: !1, line: 18, type: !34)
!67 = distinct !DILexicalBlock(scope: !60, file: !1, line: 17, column: 19)
!68 = !DILocation(line: 0, scope: !60, inlinedAt: !69)
!69 = distinct !DILocation(line: 26, column: 3, scope: !49)
!70 = !DILocation(line: 17, column: 14, scope: !60, inlinedAt: !69)
!71 = !DILocation(line: 17, column: 3, scope: !60, inlinedAt: !69)
!72 = !DILocation(line: 17, column: 11, scope: !60, inlinedAt: !69)
!73 = !DILocation(line: 18, column: 17, scope: !67, inlinedAt: !69)
!74 = !DILocation(line: 0, scope: !67, inlinedAt: !69)
!75 = !DILocation(line: 19, column: 5, scope: !67, inlinedAt: !69)
!76 = distinct !{!76, !71, !77, !78}
!77 = !DILocation(line: 20, column: 3, scope: !60, inlinedAt: !69)
!78 = !{!"llvm.loop.mustprogress"}
!79 = !DILocation(line: 27, column: 3, scope: !49)
!80 = !DILocation(line: 28, column: 1, scope: !49)
!81 = distinct !DISubprogram(name: "run_copy", scope: !1, file: !1, line: 30, type: !50, scopeLine: 30, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !82)
!82 = !{!83, !84, !85, !86}
!83 = !DILocalVariable(name: "n", arg: 1, scope: !81, file: !1, line: 30, type: !47)
!84 = !DILocalVariable(name: "ap", scope: !81, file: !1, line: 31, type: !18)
!85 = !DILocalVariable(name: "aq", scope: !81, file: !1, line: 31, type: !18)
!86 = !DILocalVariable(name: "cmd", scope: !81, file: !1, line: 35, type: !34)
!87 = !DILocation(line: 0, scope: !81)
!88 = !DILocation(line: 31, column: 3, scope: !81)
!89 = !DILocation(line: 31, column: 11, scope: !81)
!90 = !DILocation(line: 31, column: 15, scope: !81)
!91 = !DILocation(line: 33, column: 3, scope: !81)
!92 = !DILocation(line: 35, column: 15, scope: !81)
!93 = !DILocation(line: 36, column: 3, scope: !81)
!94 = !DILocation(line: 37, column: 3, scope: !81)
!95 = !DILocation(line: 38, column: 1, scope: !81)
!96 = distinct !DISubprogram(name: "from_env", scope: !1, file: !1, line: 40, type: !97, scopeLine: 40, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !48)
!97 = !DISubroutineType(types: !98)
!98 = !{null}
!99 = !DILocation(line: 40, column: 37, scope: !96)
!100 = !DILocation(line: 40, column: 23, scope: !96)
!101 = !DILocation(line: 40, column: 53, scope: !96)
!102 = !DISubprogram(name: "getenv", scope: !44, file: !44, line: 654, type: !103, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !48)
!103 = !DISubroutineType(types: !104)
!104 = !{!34, !12}
!105 = distinct !DISubprogram(name: "from_env_list", scope: !1, file: !1, line: 41, type: !97, scopeLine: 41, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !48)
!106 = !DILocation(line: 41, column: 47, scope: !105)
!107 = !DILocation(line: 41, column: 28, scope: !105)
!108 = !DILocation(line: 41, column: 64, scope: !105)
!109 = distinct !DISubprogram(name: "from_env_copy", scope: !1, file: !1, line: 42, type: !97, scopeLine: 42, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !48)
!110 = !DILocation(line: 42, column: 40, scope: !109)
!111 = !DILocation(line: 0, scope: !81, inlinedAt: !112)
!112 = distinct !DILocation(line: 42, column: 28, scope: !109)
!113 = !DILocation(line: 31, column: 3, scope: !81, inlinedAt: !112)
!114 = !DILocation(line: 31, column: 11, scope: !81, inlinedAt: !112)
!115 = !DILocation(line: 31, column: 15, scope: !81, inlinedAt: !112)
!116 = !DILocation(line: 33, column: 3, scope: !81, inlinedAt: !112)
!117 = !DILocation(line: 35, column: 15, scope: !81, inlinedAt: !112)
!118 = !DILocation(line: 36, column: 3, scope: !81, inlinedAt: !112)
!119 = !DILocation(line: 37, column: 3, scope: !81, inlinedAt: !112)
!120 = !DILocation(line: 38, column: 1, scope: !81, inlinedAt: !112)
!121 = !DILocation(line: 42, column: 57, scope: !109)
