; ModuleID = 'varargs.c'
source_filename = "varargs.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__va_list_tag = type { i32, i32, i8*, i8* }

@.str = private unnamed_addr constant [3 x i8] c"%s\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"CMD\00", align 1
@.str.2 = private unnamed_addr constant [5 x i8] c"date\00", align 1
@.str.3 = private unnamed_addr constant [5 x i8] c"CMD2\00", align 1
@.str.4 = private unnamed_addr constant [5 x i8] c"CMD3\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run_fmt(i8* noundef %0, ...) #0 !dbg !10 {
  %2 = alloca i8*, align 8
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  %4 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8
  call void @llvm.dbg.declare(metadata i8** %2, metadata !17, metadata !DIExpression()), !dbg !18
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %3, metadata !19, metadata !DIExpression()), !dbg !35
  %5 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !36
  %6 = bitcast %struct.__va_list_tag* %5 to i8*, !dbg !36
  call void @llvm.va_start(i8* %6), !dbg !36
  call void @llvm.dbg.declare(metadata i8** %4, metadata !37, metadata !DIExpression()), !dbg !39
  %7 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !40
  %8 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %7, i32 0, i32 0, !dbg !40
  %9 = load i32, i32* %8, align 16, !dbg !40
  %10 = icmp ule i32 %9, 40, !dbg !40
  br i1 %10, label %11, label %17, !dbg !40

11:                                               ; preds = %1
  %12 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %7, i32 0, i32 3, !dbg !40
  %13 = load i8*, i8** %12, align 16, !dbg !40
  %14 = getelementptr i8, i8* %13, i32 %9, !dbg !40
  %15 = bitcast i8* %14 to i8**, !dbg !40
  %16 = add i32 %9, 8, !dbg !40
  store i32 %16, i32* %8, align 16, !dbg !40
  br label %22, !dbg !40

17:                                               ; preds = %1
  %18 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %7, i32 0, i32 2, !dbg !40
  %19 = load i8*, i8** %18, align 8, !dbg !40
  %20 = bitcast i8* %19 to i8**, !dbg !40
  %21 = getelementptr i8, i8* %19, i32 8, !dbg !40
  store i8* %21, i8** %18, align 8, !dbg !40
  br label %22, !dbg !40

22:                                               ; preds = %17, %11
  %23 = phi i8** [ %15, %11 ], [ %20, %17 ], !dbg !40
  %24 = load i8*, i8** %23, align 8, !dbg !40
  store i8* %24, i8** %4, align 8, !dbg !39
  %25 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !41
  %26 = bitcast %struct.__va_list_tag* %25 to i8*, !dbg !41
  call void @llvm.va_end(i8* %26), !dbg !41
  %27 = load i8*, i8** %4, align 8, !dbg !42
  %28 = call i32 @system(i8* noundef %27), !dbg !43
  ret void, !dbg !44
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #2

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #2

declare i32 @system(i8* noundef) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run_all(i32 noundef %0, ...) #0 !dbg !45 {
  %2 = alloca i32, align 4
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !49, metadata !DIExpression()), !dbg !50
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %3, metadata !51, metadata !DIExpression()), !dbg !52
  %4 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !53
  %5 = bitcast %struct.__va_list_tag* %4 to i8*, !dbg !53
  call void @llvm.va_start(i8* %5), !dbg !53
  %6 = load i32, i32* %2, align 4, !dbg !54
  %7 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !55
  call void @vrun(i32 noundef %6, %struct.__va_list_tag* noundef %7), !dbg !56
  %8 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !57
  %9 = bitcast %struct.__va_list_tag* %8 to i8*, !dbg !57
  call void @llvm.va_end(i8* %9), !dbg !57
  ret void, !dbg !58
}

; Function Attrs: noinline nounwind optnone uwtable
define internal void @vrun(i32 noundef %0, %struct.__va_list_tag* noundef %1) #0 !dbg !59 {
  %3 = alloca i32, align 4
  %4 = alloca %struct.__va_list_tag*, align 8
  %5 = alloca i8*, align 8
  store i32 %0, i32* %3, align 4
  call void @llvm.dbg.declare(metadata i32* %3, metadata !63, metadata !DIExpression()), !dbg !64
  store %struct.__va_list_tag* %1, %struct.__va_list_tag** %4, align 8
  call void @llvm.dbg.declare(metadata %struct.__va_list_tag** %4, metadata !65, metadata !DIExpression()), !dbg !66
  br label %6, !dbg !67

6:                                                ; preds = %26, %2
  %7 = load i32, i32* %3, align 4, !dbg !68
  %8 = add nsw i32 %7, -1, !dbg !68
  store i32 %8, i32* %3, align 4, !dbg !68
  %9 = icmp sgt i32 %7, 0, !dbg !69
  br i1 %9, label %10, label %31, !dbg !67

10:                                               ; preds = %6
  call void @llvm.dbg.declare(metadata i8** %5, metadata !70, metadata !DIExpression()), !dbg !72
  %11 = load %struct.__va_list_tag*, %struct.__va_list_tag** %4, align 8, !dbg !73
  %12 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %11, i32 0, i32 0, !dbg !73
  %13 = load i32, i32* %12, align 8, !dbg !73
  %14 = icmp ule i32 %13, 40, !dbg !73
  br i1 %14, label %15, label %21, !dbg !73

15:                                               ; preds = %10
  %16 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %11, i32 0, i32 3, !dbg !73
  %17 = load i8*, i8** %16, align 8, !dbg !73
  %18 = getelementptr i8, i8* %17, i32 %13, !dbg !73
  %19 = bitcast i8* %18 to i8**, !dbg !73
  %20 = add i32 %13, 8, !dbg !73
  store i32 %20, i32* %12, align 8, !dbg !73
  br label %26, !dbg !73

21:                                               ; preds = %10
  %22 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %11, i32 0, i32 2, !dbg !73
  %23 = load i8*, i8** %22, align 8, !dbg !73
  %24 = bitcast i8* %23 to i8**, !dbg !73
  %25 = getelementptr i8, i8* %23, i32 8, !dbg !73
  store i8* %25, i8** %22, align 8, !dbg !73
  br label %26, !dbg !73

26:                                               ; preds = %21, %15
  %27 = phi i8** [ %19, %15 ], [ %24, %21 ], !dbg !73
  %28 = load i8*, i8** %27, align 8, !dbg !73
  store i8* %28, i8** %5, align 8, !dbg !72
  %29 = load i8*, i8** %5, align 8, !dbg !74
  %30 = call i32 @system(i8* noundef %29), !dbg !75
  br label %6, !dbg !67, !llvm.loop !76

31:                                               ; preds = %6
  ret void, !dbg !79
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run_copy(i32 noundef %0, ...) #0 !dbg !80 {
  %2 = alloca i32, align 4
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  %4 = alloca [1 x %struct.__va_list_tag], align 16
  %5 = alloca i8*, align 8
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !81, metadata !DIExpression()), !dbg !82
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %3, metadata !83, metadata !DIExpression()), !dbg !84
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %4, metadata !85, metadata !DIExpression()), !dbg !86
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !87
  %7 = bitcast %struct.__va_list_tag* %6 to i8*, !dbg !87
  call void @llvm.va_start(i8* %7), !dbg !87
  %8 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %4, i64 0, i64 0, !dbg !88
  %9 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !88
  %10 = bitcast %struct.__va_list_tag* %8 to i8*, !dbg !88
  %11 = bitcast %struct.__va_list_tag* %9 to i8*, !dbg !88
  call void @llvm.va_copy(i8* %10, i8* %11), !dbg !88
  %12 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !89
  %13 = bitcast %struct.__va_list_tag* %12 to i8*, !dbg !89
  call void @llvm.va_end(i8* %13), !dbg !89
  call void @llvm.dbg.declare(metadata i8** %5, metadata !90, metadata !DIExpression()), !dbg !91
  %14 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %4, i64 0, i64 0, !dbg !92
  %15 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %14, i32 0, i32 0, !dbg !92
  %16 = load i32, i32* %15, align 16, !dbg !92
  %17 = icmp ule i32 %16, 40, !dbg !92
  br i1 %17, label %18, label %24, !dbg !92

18:                                               ; preds = %1
  %19 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %14, i32 0, i32 3, !dbg !92
  %20 = load i8*, i8** %19, align 16, !dbg !92
  %21 = getelementptr i8, i8* %20, i32 %16, !dbg !92
  %22 = bitcast i8* %21 to i8**, !dbg !92
  %23 = add i32 %16, 8, !dbg !92
  store i32 %23, i32* %15, align 16, !dbg !92
  br label %29, !dbg !92

24:                                               ; preds = %1
  %25 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %14, i32 0, i32 2, !dbg !92
  %26 = load i8*, i8** %25, align 8, !dbg !92
  %27 = bitcast i8* %26 to i8**, !dbg !92
  %28 = getelementptr i8, i8* %26, i32 8, !dbg !92
  store i8* %28, i8** %25, align 8, !dbg !92
  br label %29, !dbg !92

29:                                               ; preds = %24, %18
  %30 = phi i8** [ %22, %18 ], [ %27, %24 ], !dbg !92
  %31 = load i8*, i8** %30, align 8, !dbg !92
  store i8* %31, i8** %5, align 8, !dbg !91
  %32 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %4, i64 0, i64 0, !dbg !93
  %33 = bitcast %struct.__va_list_tag* %32 to i8*, !dbg !93
  call void @llvm.va_end(i8* %33), !dbg !93
  %34 = load i8*, i8** %5, align 8, !dbg !94
  %35 = call i32 @system(i8* noundef %34), !dbg !95
  ret void, !dbg !96
}

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_copy(i8*, i8*) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @from_env() #0 !dbg !97 {
  %1 = call i8* @getenv(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i64 0, i64 0)) #5, !dbg !100
  call void (i8*, ...) @run_fmt(i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str, i64 0, i64 0), i8* noundef %1), !dbg !101
  ret void, !dbg !102
}

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #4

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @from_env_list() #0 !dbg !103 {
  %1 = call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.3, i64 0, i64 0)) #5, !dbg !104
  call void (i32, ...) @run_all(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.2, i64 0, i64 0), i8* noundef %1), !dbg !105
  ret void, !dbg !106
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @from_env_copy() #0 !dbg !107 {
  %1 = call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.4, i64 0, i64 0)) #5, !dbg !108
  call void (i32, ...) @run_copy(i32 noundef 1, i8* noundef %1), !dbg !109
  ret void, !dbg !110
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nofree nosync nounwind willreturn }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "varargs.c", directory: ".", checksumkind: CSK_MD5, checksum: "1a9cee504b1d7733a9678b9234b5ca79")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 1}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 14.0.6"}
!10 = distinct !DISubprogram(name: "run_fmt", scope: !1, file: !1, line: 8, type: !11, scopeLine: 8, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, null}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!15 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!16 = !{}
!17 = !DILocalVariable(name: "fmt", arg: 1, scope: !10, file: !1, line: 8, type: !13)
!18 = !DILocation(line: 8, column: 26, scope: !10)
!19 = !DILocalVariable(name: "ap", scope: !10, file: !1, line: 9, type: !20)
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "va_list", file: !21, line: 14, baseType: !22)
!21 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stdarg.h", directory: "", checksumkind: CSK_MD5, checksum: "4de3cbd931b589d291e5c39387aecf82")
!22 = !DIDerivedType(tag: DW_TAG_typedef, name: "__builtin_va_list", file: !23, baseType: !24)
!23 = !DIFile(filename: "varargs.c", directory: ".")
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !25, size: 192, elements: !33)
!25 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__va_list_tag", size: 192, elements: !26)
!26 = !{!27, !29, !30, !32}
!27 = !DIDerivedType(tag: DW_TAG_member, name: "gp_offset", scope: !25, file: !23, line: 9, baseType: !28, size: 32)
!28 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!29 = !DIDerivedType(tag: DW_TAG_member, name: "fp_offset", scope: !25, file: !23, line: 9, baseType: !28, size: 32, offset: 32)
!30 = !DIDerivedType(tag: DW_TAG_member, name: "overflow_arg_area", scope: !25, file: !23, line: 9, baseType: !31, size: 64, offset: 64)
!31 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!32 = !DIDerivedType(tag: DW_TAG_member, name: "reg_save_area", scope: !25, file: !23, line: 9, baseType: !31, size: 64, offset: 128)
!33 = !{!34}
!34 = !DISubrange(count: 1)
!35 = !DILocation(line: 9, column: 11, scope: !10)
!36 = !DILocation(line: 10, column: 3, scope: !10)
!37 = !DILocalVariable(name: "cmd", scope: !10, file: !1, line: 11, type: !38)
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!39 = !DILocation(line: 11, column: 9, scope: !10)
!40 = !DILocation(line: 11, column: 15, scope: !10)
!41 = !DILocation(line: 12, column: 3, scope: !10)
!42 = !DILocation(line: 13, column: 10, scope: !10)
!43 = !DILocation(line: 13, column: 3, scope: !10)
!44 = !DILocation(line: 14, column: 1, scope: !10)
!45 = distinct !DISubprogram(name: "run_all", scope: !1, file: !1, line: 23, type: !46, scopeLine: 23, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!46 = !DISubroutineType(types: !47)
!47 = !{null, !48, null}
!48 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!49 = !DILocalVariable(name: "n", arg: 1, scope: !45, file: !1, line: 23, type: !48)
!50 = !DILocation(line: 23, column: 18, scope: !45)
!51 = !DILocalVariable(name: "ap", scope: !45, file: !1, line: 24, type: !20)
!52 = !DILocation(line: 24, column: 11, scope: !45)
!53 = !DILocation(line: 25, column: 3, scope: !45)
!54 = !DILocation(line: 26, column: 8, scope: !45)
!55 = !DILocation(line: 26, column: 11, scope: !45)
!56 = !DILocation(line: 26, column: 3, scope: !45)
!57 = !DILocation(line: 27, column: 3, scope: !45)
!58 = !DILocation(line: 28, column: 1, scope: !45)
!59 = distinct !DISubprogram(name: "vrun", scope: !1, file: !1, line: 16, type: !60, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !16)
!60 = !DISubroutineType(types: !61)
!61 = !{null, !48, !62}
!62 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !25, size: 64)
!63 = !DILocalVariable(name: "n", arg: 1, scope: !59, file: !1, line: 16, type: !48)
!64 = !DILocation(line: 16, column: 22, scope: !59)
!65 = !DILocalVariable(name: "ap", arg: 2, scope: !59, file: !1, line: 16, type: !62)
!66 = !DILocation(line: 16, column: 33, scope: !59)
!67 = !DILocation(line: 17, column: 3, scope: !59)
!68 = !DILocation(line: 17, column: 11, scope: !59)
!69 = !DILocation(line: 17, column: 14, scope: !59)
!70 = !DILocalVariable(name: "cmd", scope: !71, file: !1, line: 18, type: !38)
!71 = distinct !DILexicalBlock(scope: !59, file: !1, line: 17, column: 19)
!72 = !DILocation(line: 18, column: 11, scope: !71)
!73 = !DILocation(line: 18, column: 17, scope: !71)
!74 = !DILocation(line: 19, column: 12, scope: !71)
!75 = !DILocation(line: 19, column: 5, scope: !71)
!76 = distinct !{!76, !67, !77, !78}
!77 = !DILocation(line: 20, column: 3, scope: !59)
!78 = !{!"llvm.loop.mustprogress"}
!79 = !DILocation(line: 21, column: 1, scope: !59)
!80 = distinct !DISubprogram(name: "run_copy", scope: !1, file: !1, line: 30, type: !46, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!81 = !DILocalVariable(name: "n", arg: 1, scope: !80, file: !1, line: 30, type: !48)
!82 = !DILocation(line: 30, column: 19, scope: !80)
!83 = !DILocalVariable(name: "ap", scope: !80, file: !1, line: 31, type: !20)
!84 = !DILocation(line: 31, column: 11, scope: !80)
!85 = !DILocalVariable(name: "aq", scope: !80, file: !1, line: 31, type: !20)
!86 = !DILocation(line: 31, column: 15, scope: !80)
!87 = !DILocation(line: 32, column: 3, scope: !80)
!88 = !DILocation(line: 33, column: 3, scope: !80)
!89 = !DILocation(line: 34, column: 3, scope: !80)
!90 = !DILocalVariable(name: "cmd", scope: !80, file: !1, line: 35, type: !38)
!91 = !DILocation(line: 35, column: 9, scope: !80)
!92 = !DILocation(line: 35, column: 15, scope: !80)
!93 = !DILocation(line: 36, column: 3, scope: !80)
!94 = !DILocation(line: 37, column: 10, scope: !80)
!95 = !DILocation(line: 37, column: 3, scope: !80)
!96 = !DILocation(line: 38, column: 1, scope: !80)
!97 = distinct !DISubprogram(name: "from_env", scope: !1, file: !1, line: 40, type: !98, scopeLine: 40, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!98 = !DISubroutineType(types: !99)
!99 = !{null}
!100 = !DILocation(line: 40, column: 37, scope: !97)
!101 = !DILocation(line: 40, column: 23, scope: !97)
!102 = !DILocation(line: 40, column: 53, scope: !97)
!103 = distinct !DISubprogram(name: "from_env_list", scope: !1, file: !1, line: 41, type: !98, scopeLine: 41, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!104 = !DILocation(line: 41, column: 47, scope: !103)
!105 = !DILocation(line: 41, column: 28, scope: !103)
!106 = !DILocation(line: 41, column: 64, scope: !103)
!107 = distinct !DISubprogram(name: "from_env_copy", scope: !1, file: !1, line: 42, type: !98, scopeLine: 42, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!108 = !DILocation(line: 42, column: 40, scope: !107)
!109 = !DILocation(line: 42, column: 28, scope: !107)
!110 = !DILocation(line: 42, column: 57, scope: !107)
