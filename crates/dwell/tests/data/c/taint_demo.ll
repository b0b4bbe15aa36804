; dwell fixture: `clang -g -O0 -S -emit-llvm` of taint_demo.c, Debian clang version 14.0.6
; ModuleID = 'taint_demo.c'
source_filename = "taint_demo.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@.str = private unnamed_addr constant [9 x i8] c"starting\00", align 1
@.str.1 = private unnamed_addr constant [5 x i8] c"date\00", align 1
@stderr = external global %struct._IO_FILE*, align 8
@.str.2 = private unnamed_addr constant [4 x i8] c"%s\0A\00", align 1
@.str.3 = private unnamed_addr constant [9 x i8] c"DEMO_CMD\00", align 1
@.str.4 = private unnamed_addr constant [31 x i8] c"running the configured command\00", align 1
@.str.5 = private unnamed_addr constant [5 x i8] c"USER\00", align 1
@.str.6 = private unnamed_addr constant [6 x i8] c"id %s\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main(i32 noundef %0, i8** noundef %1) #0 !dbg !15 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i8**, align 8
  store i32 0, i32* %3, align 4
  store i32 %0, i32* %4, align 4
  call void @llvm.dbg.declare(metadata i32* %4, metadata !23, metadata !DIExpression()), !dbg !24
  store i8** %1, i8*** %5, align 8
  call void @llvm.dbg.declare(metadata i8*** %5, metadata !25, metadata !DIExpression()), !dbg !26
  call void @log_msg(i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str, i64 0, i64 0)), !dbg !27
  %6 = call i32 @system(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.1, i64 0, i64 0)), !dbg !28
  %7 = load i32, i32* %4, align 4, !dbg !29
  %8 = icmp slt i32 %7, 2, !dbg !31
  br i1 %8, label %9, label %10, !dbg !32

9:                                                ; preds = %2
  store i32 2, i32* %3, align 4, !dbg !33
  br label %26, !dbg !33

10:                                               ; preds = %2
  %11 = load i8**, i8*** %5, align 8, !dbg !34
  %12 = getelementptr inbounds i8*, i8** %11, i64 1, !dbg !34
  %13 = load i8*, i8** %12, align 8, !dbg !34
  %14 = getelementptr inbounds i8, i8* %13, i64 0, !dbg !34
  %15 = load i8, i8* %14, align 1, !dbg !34
  %16 = sext i8 %15 to i32, !dbg !34
  switch i32 %16, label %25 [
    i32 101, label %17
    i32 114, label %19
    i32 110, label %21
    i32 115, label %23
  ], !dbg !35

17:                                               ; preds = %10
  %18 = call i32 @cmd_env(), !dbg !36
  store i32 %18, i32* %3, align 4, !dbg !38
  br label %26, !dbg !38

19:                                               ; preds = %10
  %20 = call i32 @cmd_read(i32 noundef 0), !dbg !39
  store i32 %20, i32* %3, align 4, !dbg !40
  br label %26, !dbg !40

21:                                               ; preds = %10
  %22 = call i32 @cmd_recv(i32 noundef 3), !dbg !41
  store i32 %22, i32* %3, align 4, !dbg !42
  br label %26, !dbg !42

23:                                               ; preds = %10
  %24 = call i32 @cmd_safe(), !dbg !43
  store i32 %24, i32* %3, align 4, !dbg !44
  br label %26, !dbg !44

25:                                               ; preds = %10
  store i32 0, i32* %3, align 4, !dbg !45
  br label %26, !dbg !45

26:                                               ; preds = %25, %23, %21, %19, %17, %9
  %27 = load i32, i32* %3, align 4, !dbg !46
  ret i32 %27, !dbg !46
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal void @log_msg(i8* noundef %0) #0 !dbg !47 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8
  call void @llvm.dbg.declare(metadata i8** %2, metadata !52, metadata !DIExpression()), !dbg !53
  %3 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !54
  %4 = load i8*, i8** %2, align 8, !dbg !55
  %5 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %3, i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.2, i64 0, i64 0), i8* noundef %4), !dbg !56
  ret void, !dbg !57
}

declare i32 @system(i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @cmd_env() #0 !dbg !58 {
  %1 = alloca i8*, align 8
  call void @llvm.dbg.declare(metadata i8** %1, metadata !61, metadata !DIExpression()), !dbg !62
  %2 = call i8* @getenv(i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str.3, i64 0, i64 0)) #5, !dbg !63
  store i8* %2, i8** %1, align 8, !dbg !62
  call void @log_msg(i8* noundef getelementptr inbounds ([31 x i8], [31 x i8]* @.str.4, i64 0, i64 0)), !dbg !64
  %3 = load i8*, i8** %1, align 8, !dbg !65
  %4 = call i32 @system(i8* noundef %3), !dbg !66
  ret i32 %4, !dbg !67
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @cmd_read(i32 noundef %0) #0 !dbg !68 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca [256 x i8], align 16
  %5 = alloca [64 x i8], align 16
  %6 = alloca i64, align 8
  store i32 %0, i32* %3, align 4
  call void @llvm.dbg.declare(metadata i32* %3, metadata !71, metadata !DIExpression()), !dbg !72
  call void @llvm.dbg.declare(metadata [256 x i8]* %4, metadata !73, metadata !DIExpression()), !dbg !77
  call void @llvm.dbg.declare(metadata [64 x i8]* %5, metadata !78, metadata !DIExpression()), !dbg !82
  call void @llvm.dbg.declare(metadata i64* %6, metadata !83, metadata !DIExpression()), !dbg !89
  %7 = load i32, i32* %3, align 4, !dbg !90
  %8 = getelementptr inbounds [256 x i8], [256 x i8]* %4, i64 0, i64 0, !dbg !91
  %9 = call i64 @read(i32 noundef %7, i8* noundef %8, i64 noundef 256), !dbg !92
  store i64 %9, i64* %6, align 8, !dbg !89
  %10 = load i64, i64* %6, align 8, !dbg !93
  %11 = icmp sle i64 %10, 0, !dbg !95
  br i1 %11, label %12, label %13, !dbg !96

12:                                               ; preds = %1
  store i32 1, i32* %2, align 4, !dbg !97
  br label %20, !dbg !97

13:                                               ; preds = %1
  %14 = getelementptr inbounds [64 x i8], [64 x i8]* %5, i64 0, i64 0, !dbg !98
  %15 = getelementptr inbounds [256 x i8], [256 x i8]* %4, i64 0, i64 0, !dbg !98
  %16 = load i64, i64* %6, align 8, !dbg !99
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 16 %14, i8* align 16 %15, i64 %16, i1 false), !dbg !98
  %17 = getelementptr inbounds [64 x i8], [64 x i8]* %5, i64 0, i64 0, !dbg !100
  %18 = load i8, i8* %17, align 16, !dbg !100
  %19 = sext i8 %18 to i32, !dbg !100
  store i32 %19, i32* %2, align 4, !dbg !101
  br label %20, !dbg !101

20:                                               ; preds = %13, %12
  %21 = load i32, i32* %2, align 4, !dbg !102
  ret i32 %21, !dbg !102
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @cmd_recv(i32 noundef %0) #0 !dbg !103 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca [512 x i8], align 16
  %5 = alloca [16 x i8], align 16
  %6 = alloca i64, align 8
  store i32 %0, i32* %3, align 4
  call void @llvm.dbg.declare(metadata i32* %3, metadata !104, metadata !DIExpression()), !dbg !105
  call void @llvm.dbg.declare(metadata [512 x i8]* %4, metadata !106, metadata !DIExpression()), !dbg !110
  call void @llvm.dbg.declare(metadata [16 x i8]* %5, metadata !111, metadata !DIExpression()), !dbg !115
  call void @llvm.dbg.declare(metadata i64* %6, metadata !116, metadata !DIExpression()), !dbg !117
  %7 = load i32, i32* %3, align 4, !dbg !118
  %8 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 0, !dbg !119
  %9 = call i64 @recv(i32 noundef %7, i8* noundef %8, i64 noundef 512, i32 noundef 0), !dbg !120
  store i64 %9, i64* %6, align 8, !dbg !117
  %10 = load i64, i64* %6, align 8, !dbg !121
  %11 = icmp slt i64 %10, 0, !dbg !123
  br i1 %11, label %12, label %13, !dbg !124

12:                                               ; preds = %1
  store i32 1, i32* %2, align 4, !dbg !125
  br label %22, !dbg !125

13:                                               ; preds = %1
  %14 = getelementptr inbounds [16 x i8], [16 x i8]* %5, i64 0, i64 0, !dbg !126
  %15 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 0, !dbg !127
  %16 = getelementptr inbounds i8, i8* %15, i64 4, !dbg !128
  %17 = load i64, i64* %6, align 8, !dbg !129
  %18 = sub i64 %17, 4, !dbg !130
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 16 %14, i8* align 1 %16, i64 %18, i1 false), !dbg !126
  %19 = getelementptr inbounds [16 x i8], [16 x i8]* %5, i64 0, i64 0, !dbg !131
  %20 = load i8, i8* %19, align 16, !dbg !131
  %21 = sext i8 %20 to i32, !dbg !131
  store i32 %21, i32* %2, align 4, !dbg !132
  br label %22, !dbg !132

22:                                               ; preds = %13, %12
  %23 = load i32, i32* %2, align 4, !dbg !133
  ret i32 %23, !dbg !133
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @cmd_safe() #0 !dbg !134 {
  %1 = alloca i32, align 4
  %2 = alloca [128 x i8], align 16
  %3 = alloca i8*, align 8
  call void @llvm.dbg.declare(metadata [128 x i8]* %2, metadata !135, metadata !DIExpression()), !dbg !139
  call void @llvm.dbg.declare(metadata i8** %3, metadata !140, metadata !DIExpression()), !dbg !141
  %4 = call i8* @getenv(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.5, i64 0, i64 0)) #5, !dbg !142
  store i8* %4, i8** %3, align 8, !dbg !141
  %5 = load i8*, i8** %3, align 8, !dbg !143
  %6 = call i32 @is_safe_name(i8* noundef %5), !dbg !145
  %7 = icmp ne i32 %6, 0, !dbg !145
  br i1 %7, label %9, label %8, !dbg !146

8:                                                ; preds = %0
  store i32 1, i32* %1, align 4, !dbg !147
  br label %15, !dbg !147

9:                                                ; preds = %0
  %10 = getelementptr inbounds [128 x i8], [128 x i8]* %2, i64 0, i64 0, !dbg !148
  %11 = load i8*, i8** %3, align 8, !dbg !149
  %12 = call i32 (i8*, i64, i8*, ...) @snprintf(i8* noundef %10, i64 noundef 128, i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.6, i64 0, i64 0), i8* noundef %11) #5, !dbg !150
  %13 = getelementptr inbounds [128 x i8], [128 x i8]* %2, i64 0, i64 0, !dbg !151
  %14 = call i32 @system(i8* noundef %13), !dbg !152
  store i32 %14, i32* %1, align 4, !dbg !153
  br label %15, !dbg !153

15:                                               ; preds = %9, %8
  %16 = load i32, i32* %1, align 4, !dbg !154
  ret i32 %16, !dbg !154
}

declare i32 @fprintf(%struct._IO_FILE* noundef, i8* noundef, ...) #2

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #3

declare i64 @read(i32 noundef, i8* noundef, i64 noundef) #2

; Function Attrs: argmemonly nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #4

declare i64 @recv(i32 noundef, i8* noundef, i64 noundef, i32 noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @is_safe_name(i8* noundef %0) #0 !dbg !155 {
  %2 = alloca i32, align 4
  %3 = alloca i8*, align 8
  store i8* %0, i8** %3, align 8
  call void @llvm.dbg.declare(metadata i8** %3, metadata !158, metadata !DIExpression()), !dbg !159
  br label %4, !dbg !160

4:                                                ; preds = %36, %1
  %5 = load i8*, i8** %3, align 8, !dbg !161
  %6 = icmp ne i8* %5, null, !dbg !161
  br i1 %6, label %7, label %12, !dbg !164

7:                                                ; preds = %4
  %8 = load i8*, i8** %3, align 8, !dbg !165
  %9 = load i8, i8* %8, align 1, !dbg !166
  %10 = sext i8 %9 to i32, !dbg !166
  %11 = icmp ne i32 %10, 0, !dbg !164
  br label %12

12:                                               ; preds = %7, %4
  %13 = phi i1 [ false, %4 ], [ %11, %7 ], !dbg !167
  br i1 %13, label %14, label %39, !dbg !168

14:                                               ; preds = %12
  %15 = load i8*, i8** %3, align 8, !dbg !169
  %16 = load i8, i8* %15, align 1, !dbg !171
  %17 = sext i8 %16 to i32, !dbg !171
  %18 = icmp sge i32 %17, 97, !dbg !172
  br i1 %18, label %19, label %24, !dbg !173

19:                                               ; preds = %14
  %20 = load i8*, i8** %3, align 8, !dbg !174
  %21 = load i8, i8* %20, align 1, !dbg !175
  %22 = sext i8 %21 to i32, !dbg !175
  %23 = icmp sle i32 %22, 122, !dbg !176
  br i1 %23, label %35, label %24, !dbg !177

24:                                               ; preds = %19, %14
  %25 = load i8*, i8** %3, align 8, !dbg !178
  %26 = load i8, i8* %25, align 1, !dbg !179
  %27 = sext i8 %26 to i32, !dbg !179
  %28 = icmp sge i32 %27, 65, !dbg !180
  br i1 %28, label %29, label %34, !dbg !181

29:                                               ; preds = %24
  %30 = load i8*, i8** %3, align 8, !dbg !182
  %31 = load i8, i8* %30, align 1, !dbg !183
  %32 = sext i8 %31 to i32, !dbg !183
  %33 = icmp sle i32 %32, 90, !dbg !184
  br i1 %33, label %35, label %34, !dbg !185

34:                                               ; preds = %29, %24
  store i32 0, i32* %2, align 4, !dbg !186
  br label %43, !dbg !186

35:                                               ; preds = %29, %19
  br label %36, !dbg !187

36:                                               ; preds = %35
  %37 = load i8*, i8** %3, align 8, !dbg !188
  %38 = getelementptr inbounds i8, i8* %37, i32 1, !dbg !188
  store i8* %38, i8** %3, align 8, !dbg !188
  br label %4, !dbg !189, !llvm.loop !190

39:                                               ; preds = %12
  %40 = load i8*, i8** %3, align 8, !dbg !193
  %41 = icmp ne i8* %40, null, !dbg !194
  %42 = zext i1 %41 to i32, !dbg !194
  store i32 %42, i32* %2, align 4, !dbg !195
  br label %43, !dbg !195

43:                                               ; preds = %39, %34
  %44 = load i32, i32* %2, align 4, !dbg !196
  ret i32 %44, !dbg !196
}

; Function Attrs: nounwind
declare i32 @snprintf(i8* noundef, i64 noundef, i8* noundef, ...) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { argmemonly nofree nounwind willreturn }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!7, !8, !9, !10, !11, !12, !13}
!llvm.ident = !{!14}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "taint_demo.c", directory: ".", checksumkind: CSK_MD5, checksum: "32c8f6832e74f516d3bae26bb5dd1aef")
!2 = !{!3, !6}
!3 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !4, line: 46, baseType: !5)
!4 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h", directory: "", checksumkind: CSK_MD5, checksum: "2499dd2361b915724b073282bea3a7bc")
!5 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!7 = !{i32 7, !"Dwarf Version", i32 5}
!8 = !{i32 2, !"Debug Info Version", i32 3}
!9 = !{i32 1, !"wchar_size", i32 4}
!10 = !{i32 7, !"PIC Level", i32 2}
!11 = !{i32 7, !"PIE Level", i32 2}
!12 = !{i32 7, !"uwtable", i32 1}
!13 = !{i32 7, !"frame-pointer", i32 2}
!14 = !{!"Debian clang version 14.0.6"}
!15 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !22)
!16 = !DISubroutineType(types: !17)
!17 = !{!18, !18, !19}
!18 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!21 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!22 = !{}
!23 = !DILocalVariable(name: "argc", arg: 1, scope: !15, file: !1, line: 54, type: !18)
!24 = !DILocation(line: 54, column: 14, scope: !15)
!25 = !DILocalVariable(name: "argv", arg: 2, scope: !15, file: !1, line: 54, type: !19)
!26 = !DILocation(line: 54, column: 27, scope: !15)
!27 = !DILocation(line: 55, column: 5, scope: !15)
!28 = !DILocation(line: 56, column: 5, scope: !15)
!29 = !DILocation(line: 57, column: 9, scope: !30)
!30 = distinct !DILexicalBlock(scope: !15, file: !1, line: 57, column: 9)
!31 = !DILocation(line: 57, column: 14, scope: !30)
!32 = !DILocation(line: 57, column: 9, scope: !15)
!33 = !DILocation(line: 58, column: 9, scope: !30)
!34 = !DILocation(line: 59, column: 13, scope: !15)
!35 = !DILocation(line: 59, column: 5, scope: !15)
!36 = !DILocation(line: 61, column: 16, scope: !37)
!37 = distinct !DILexicalBlock(scope: !15, file: !1, line: 59, column: 25)
!38 = !DILocation(line: 61, column: 9, scope: !37)
!39 = !DILocation(line: 63, column: 16, scope: !37)
!40 = !DILocation(line: 63, column: 9, scope: !37)
!41 = !DILocation(line: 65, column: 16, scope: !37)
!42 = !DILocation(line: 65, column: 9, scope: !37)
!43 = !DILocation(line: 67, column: 16, scope: !37)
!44 = !DILocation(line: 67, column: 9, scope: !37)
!45 = !DILocation(line: 69, column: 5, scope: !15)
!46 = !DILocation(line: 70, column: 1, scope: !15)
!47 = distinct !DISubprogram(name: "log_msg", scope: !1, file: !1, line: 11, type: !48, scopeLine: 11, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!48 = !DISubroutineType(types: !49)
!49 = !{null, !50}
!50 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !51, size: 64)
!51 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !21)
!52 = !DILocalVariable(name: "m", arg: 1, scope: !47, file: !1, line: 11, type: !50)
!53 = !DILocation(line: 11, column: 33, scope: !47)
!54 = !DILocation(line: 11, column: 46, scope: !47)
!55 = !DILocation(line: 11, column: 62, scope: !47)
!56 = !DILocation(line: 11, column: 38, scope: !47)
!57 = !DILocation(line: 11, column: 66, scope: !47)
!58 = distinct !DISubprogram(name: "cmd_env", scope: !1, file: !1, line: 21, type: !59, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!59 = !DISubroutineType(types: !60)
!60 = !{!18}
!61 = !DILocalVariable(name: "cmd", scope: !58, file: !1, line: 22, type: !50)
!62 = !DILocation(line: 22, column: 17, scope: !58)
!63 = !DILocation(line: 22, column: 23, scope: !58)
!64 = !DILocation(line: 23, column: 5, scope: !58)
!65 = !DILocation(line: 24, column: 19, scope: !58)
!66 = !DILocation(line: 24, column: 12, scope: !58)
!67 = !DILocation(line: 24, column: 5, scope: !58)
!68 = distinct !DISubprogram(name: "cmd_read", scope: !1, file: !1, line: 27, type: !69, scopeLine: 27, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!69 = !DISubroutineType(types: !70)
!70 = !{!18, !18}
!71 = !DILocalVariable(name: "fd", arg: 1, scope: !68, file: !1, line: 27, type: !18)
!72 = !DILocation(line: 27, column: 25, scope: !68)
!73 = !DILocalVariable(name: "buf", scope: !68, file: !1, line: 28, type: !74)
!74 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 2048, elements: !75)
!75 = !{!76}
!76 = !DISubrange(count: 256)
!77 = !DILocation(line: 28, column: 10, scope: !68)
!78 = !DILocalVariable(name: "pkt", scope: !68, file: !1, line: 28, type: !79)
!79 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 512, elements: !80)
!80 = !{!81}
!81 = !DISubrange(count: 64)
!82 = !DILocation(line: 28, column: 20, scope: !68)
!83 = !DILocalVariable(name: "n", scope: !68, file: !1, line: 29, type: !84)
!84 = !DIDerivedType(tag: DW_TAG_typedef, name: "ssize_t", file: !85, line: 77, baseType: !86)
!85 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!86 = !DIDerivedType(tag: DW_TAG_typedef, name: "__ssize_t", file: !87, line: 194, baseType: !88)
!87 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!88 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!89 = !DILocation(line: 29, column: 13, scope: !68)
!90 = !DILocation(line: 29, column: 22, scope: !68)
!91 = !DILocation(line: 29, column: 26, scope: !68)
!92 = !DILocation(line: 29, column: 17, scope: !68)
!93 = !DILocation(line: 30, column: 9, scope: !94)
!94 = distinct !DILexicalBlock(scope: !68, file: !1, line: 30, column: 9)
!95 = !DILocation(line: 30, column: 11, scope: !94)
!96 = !DILocation(line: 30, column: 9, scope: !68)
!97 = !DILocation(line: 31, column: 9, scope: !94)
!98 = !DILocation(line: 32, column: 5, scope: !68)
!99 = !DILocation(line: 32, column: 30, scope: !68)
!100 = !DILocation(line: 33, column: 12, scope: !68)
!101 = !DILocation(line: 33, column: 5, scope: !68)
!102 = !DILocation(line: 34, column: 1, scope: !68)
!103 = distinct !DISubprogram(name: "cmd_recv", scope: !1, file: !1, line: 36, type: !69, scopeLine: 36, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!104 = !DILocalVariable(name: "sock", arg: 1, scope: !103, file: !1, line: 36, type: !18)
!105 = !DILocation(line: 36, column: 25, scope: !103)
!106 = !DILocalVariable(name: "buf", scope: !103, file: !1, line: 37, type: !107)
!107 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 4096, elements: !108)
!108 = !{!109}
!109 = !DISubrange(count: 512)
!110 = !DILocation(line: 37, column: 10, scope: !103)
!111 = !DILocalVariable(name: "hdr", scope: !103, file: !1, line: 37, type: !112)
!112 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 128, elements: !113)
!113 = !{!114}
!114 = !DISubrange(count: 16)
!115 = !DILocation(line: 37, column: 20, scope: !103)
!116 = !DILocalVariable(name: "n", scope: !103, file: !1, line: 38, type: !84)
!117 = !DILocation(line: 38, column: 13, scope: !103)
!118 = !DILocation(line: 38, column: 22, scope: !103)
!119 = !DILocation(line: 38, column: 28, scope: !103)
!120 = !DILocation(line: 38, column: 17, scope: !103)
!121 = !DILocation(line: 39, column: 9, scope: !122)
!122 = distinct !DILexicalBlock(scope: !103, file: !1, line: 39, column: 9)
!123 = !DILocation(line: 39, column: 11, scope: !122)
!124 = !DILocation(line: 39, column: 9, scope: !103)
!125 = !DILocation(line: 40, column: 9, scope: !122)
!126 = !DILocation(line: 41, column: 5, scope: !103)
!127 = !DILocation(line: 41, column: 17, scope: !103)
!128 = !DILocation(line: 41, column: 21, scope: !103)
!129 = !DILocation(line: 41, column: 34, scope: !103)
!130 = !DILocation(line: 41, column: 36, scope: !103)
!131 = !DILocation(line: 42, column: 12, scope: !103)
!132 = !DILocation(line: 42, column: 5, scope: !103)
!133 = !DILocation(line: 43, column: 1, scope: !103)
!134 = distinct !DISubprogram(name: "cmd_safe", scope: !1, file: !1, line: 45, type: !59, scopeLine: 45, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!135 = !DILocalVariable(name: "line", scope: !134, file: !1, line: 46, type: !136)
!136 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 1024, elements: !137)
!137 = !{!138}
!138 = !DISubrange(count: 128)
!139 = !DILocation(line: 46, column: 10, scope: !134)
!140 = !DILocalVariable(name: "user", scope: !134, file: !1, line: 47, type: !50)
!141 = !DILocation(line: 47, column: 17, scope: !134)
!142 = !DILocation(line: 47, column: 24, scope: !134)
!143 = !DILocation(line: 48, column: 23, scope: !144)
!144 = distinct !DILexicalBlock(scope: !134, file: !1, line: 48, column: 9)
!145 = !DILocation(line: 48, column: 10, scope: !144)
!146 = !DILocation(line: 48, column: 9, scope: !134)
!147 = !DILocation(line: 49, column: 9, scope: !144)
!148 = !DILocation(line: 50, column: 14, scope: !134)
!149 = !DILocation(line: 50, column: 42, scope: !134)
!150 = !DILocation(line: 50, column: 5, scope: !134)
!151 = !DILocation(line: 51, column: 19, scope: !134)
!152 = !DILocation(line: 51, column: 12, scope: !134)
!153 = !DILocation(line: 51, column: 5, scope: !134)
!154 = !DILocation(line: 52, column: 1, scope: !134)
!155 = distinct !DISubprogram(name: "is_safe_name", scope: !1, file: !1, line: 14, type: !156, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !22)
!156 = !DISubroutineType(types: !157)
!157 = !{!18, !50}
!158 = !DILocalVariable(name: "s", arg: 1, scope: !155, file: !1, line: 14, type: !50)
!159 = !DILocation(line: 14, column: 37, scope: !155)
!160 = !DILocation(line: 15, column: 5, scope: !155)
!161 = !DILocation(line: 15, column: 12, scope: !162)
!162 = distinct !DILexicalBlock(scope: !163, file: !1, line: 15, column: 5)
!163 = distinct !DILexicalBlock(scope: !155, file: !1, line: 15, column: 5)
!164 = !DILocation(line: 15, column: 14, scope: !162)
!165 = !DILocation(line: 15, column: 18, scope: !162)
!166 = !DILocation(line: 15, column: 17, scope: !162)
!167 = !DILocation(line: 0, scope: !162)
!168 = !DILocation(line: 15, column: 5, scope: !163)
!169 = !DILocation(line: 16, column: 17, scope: !170)
!170 = distinct !DILexicalBlock(scope: !162, file: !1, line: 16, column: 13)
!171 = !DILocation(line: 16, column: 16, scope: !170)
!172 = !DILocation(line: 16, column: 19, scope: !170)
!173 = !DILocation(line: 16, column: 26, scope: !170)
!174 = !DILocation(line: 16, column: 30, scope: !170)
!175 = !DILocation(line: 16, column: 29, scope: !170)
!176 = !DILocation(line: 16, column: 32, scope: !170)
!177 = !DILocation(line: 16, column: 40, scope: !170)
!178 = !DILocation(line: 16, column: 45, scope: !170)
!179 = !DILocation(line: 16, column: 44, scope: !170)
!180 = !DILocation(line: 16, column: 47, scope: !170)
!181 = !DILocation(line: 16, column: 54, scope: !170)
!182 = !DILocation(line: 16, column: 58, scope: !170)
!183 = !DILocation(line: 16, column: 57, scope: !170)
!184 = !DILocation(line: 16, column: 60, scope: !170)
!185 = !DILocation(line: 16, column: 13, scope: !162)
!186 = !DILocation(line: 17, column: 13, scope: !170)
!187 = !DILocation(line: 16, column: 67, scope: !170)
!188 = !DILocation(line: 15, column: 22, scope: !162)
!189 = !DILocation(line: 15, column: 5, scope: !162)
!190 = distinct !{!190, !168, !191, !192}
!191 = !DILocation(line: 17, column: 20, scope: !163)
!192 = !{!"llvm.loop.mustprogress"}
!193 = !DILocation(line: 18, column: 12, scope: !155)
!194 = !DILocation(line: 18, column: 14, scope: !155)
!195 = !DILocation(line: 18, column: 5, scope: !155)
!196 = !DILocation(line: 19, column: 1, scope: !155)
