; ModuleID = 'input.c'
source_filename = "input.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@verbose = dso_local global i32 1, align 4, !dbg !0
@.str = private unnamed_addr constant [10 x i8] c"MULTI_CMD\00", align 1
@reads = internal global i32 0, align 4, !dbg !7
@.str.1 = private unnamed_addr constant [5 x i8] c"true\00", align 1
@stdin = external global %struct._IO_FILE*, align 8
@stderr = external global %struct._IO_FILE*, align 8
@.str.2 = private unnamed_addr constant [9 x i8] c"read %d\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @read_env() #0 !dbg !18 {
entry:
  %retval = alloca i8*, align 8
  %v = alloca i8*, align 8
  call void @llvm.dbg.declare(metadata i8** %v, metadata !24, metadata !DIExpression()), !dbg !25
  %call = call i8* @getenv(i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str, i64 0, i64 0)) #4, !dbg !26
  store i8* %call, i8** %v, align 8, !dbg !25
  %0 = load i32, i32* @reads, align 4, !dbg !27
  %inc = add nsw i32 %0, 1, !dbg !27
  store i32 %inc, i32* @reads, align 4, !dbg !27
  %1 = load i8*, i8** %v, align 8, !dbg !28
  %call1 = call i32 @check(i8* noundef %1), !dbg !30
  %tobool = icmp ne i32 %call1, 0, !dbg !30
  br i1 %tobool, label %if.end, label %if.then, !dbg !31

if.then:                                          ; preds = %entry
  store i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.1, i64 0, i64 0), i8** %retval, align 8, !dbg !32
  br label %return, !dbg !32

if.end:                                           ; preds = %entry
  %2 = load i8*, i8** %v, align 8, !dbg !33
  store i8* %2, i8** %retval, align 8, !dbg !34
  br label %return, !dbg !34

return:                                           ; preds = %if.end, %if.then
  %3 = load i8*, i8** %retval, align 8, !dbg !35
  ret i8* %3, !dbg !35
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @check(i8* noundef %s) #0 !dbg !36 {
entry:
  %s.addr = alloca i8*, align 8
  store i8* %s, i8** %s.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %s.addr, metadata !41, metadata !DIExpression()), !dbg !42
  %0 = load i8*, i8** %s.addr, align 8, !dbg !43
  %cmp = icmp ne i8* %0, null, !dbg !44
  br i1 %cmp, label %land.rhs, label %land.end, !dbg !45

land.rhs:                                         ; preds = %entry
  %1 = load i8*, i8** %s.addr, align 8, !dbg !46
  %arrayidx = getelementptr inbounds i8, i8* %1, i64 0, !dbg !46
  %2 = load i8, i8* %arrayidx, align 1, !dbg !46
  %conv = sext i8 %2 to i32, !dbg !46
  %cmp1 = icmp ne i32 %conv, 0, !dbg !47
  br label %land.end

land.end:                                         ; preds = %land.rhs, %entry
  %3 = phi i1 [ false, %entry ], [ %cmp1, %land.rhs ], !dbg !48
  %land.ext = zext i1 %3 to i32, !dbg !45
  ret i32 %land.ext, !dbg !49
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @read_line(i8* noundef %buf, i32 noundef %size) #0 !dbg !50 {
entry:
  %retval = alloca i8*, align 8
  %buf.addr = alloca i8*, align 8
  %size.addr = alloca i32, align 4
  store i8* %buf, i8** %buf.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %buf.addr, metadata !53, metadata !DIExpression()), !dbg !54
  store i32 %size, i32* %size.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %size.addr, metadata !55, metadata !DIExpression()), !dbg !56
  %0 = load i8*, i8** %buf.addr, align 8, !dbg !57
  %1 = load i32, i32* %size.addr, align 4, !dbg !59
  %2 = load %struct._IO_FILE*, %struct._IO_FILE** @stdin, align 8, !dbg !60
  %call = call i8* @fgets(i8* noundef %0, i32 noundef %1, %struct._IO_FILE* noundef %2), !dbg !61
  %cmp = icmp eq i8* %call, null, !dbg !62
  br i1 %cmp, label %if.then, label %if.end, !dbg !63

if.then:                                          ; preds = %entry
  store i8* null, i8** %retval, align 8, !dbg !64
  br label %return, !dbg !64

if.end:                                           ; preds = %entry
  %3 = load i32, i32* @reads, align 4, !dbg !65
  %inc = add nsw i32 %3, 1, !dbg !65
  store i32 %inc, i32* @reads, align 4, !dbg !65
  %4 = load i32, i32* @verbose, align 4, !dbg !66
  %tobool = icmp ne i32 %4, 0, !dbg !66
  br i1 %tobool, label %if.then1, label %if.end3, !dbg !68

if.then1:                                         ; preds = %if.end
  %5 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !69
  %6 = load i32, i32* @reads, align 4, !dbg !70
  %call2 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %5, i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str.2, i64 0, i64 0), i32 noundef %6), !dbg !71
  br label %if.end3, !dbg !71

if.end3:                                          ; preds = %if.then1, %if.end
  %7 = load i8*, i8** %buf.addr, align 8, !dbg !72
  store i8* %7, i8** %retval, align 8, !dbg !73
  br label %return, !dbg !73

return:                                           ; preds = %if.end3, %if.then
  %8 = load i8*, i8** %retval, align 8, !dbg !74
  ret i8* %8, !dbg !74
}

declare i8* @fgets(i8* noundef, i32 noundef, %struct._IO_FILE* noundef) #3

declare i32 @fprintf(%struct._IO_FILE* noundef, i8* noundef, ...) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!10, !11, !12, !13, !14, !15, !16}
!llvm.ident = !{!17}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "verbose", scope: !2, file: !3, line: 6, type: !9, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "input.c", directory: ".", checksumkind: CSK_MD5, checksum: "989065664deed073adb986a7cb4b04a8")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !{!0, !7}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(name: "reads", scope: !2, file: !3, line: 7, type: !9, isLocal: true, isDefinition: true)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !{i32 7, !"Dwarf Version", i32 5}
!11 = !{i32 2, !"Debug Info Version", i32 3}
!12 = !{i32 1, !"wchar_size", i32 4}
!13 = !{i32 7, !"PIC Level", i32 2}
!14 = !{i32 7, !"PIE Level", i32 2}
!15 = !{i32 7, !"uwtable", i32 1}
!16 = !{i32 7, !"frame-pointer", i32 2}
!17 = !{!"Debian clang version 14.0.6"}
!18 = distinct !DISubprogram(name: "read_env", scope: !3, file: !3, line: 14, type: !19, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!19 = !DISubroutineType(types: !20)
!20 = !{!21}
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !22, size: 64)
!22 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!23 = !{}
!24 = !DILocalVariable(name: "v", scope: !18, file: !3, line: 15, type: !21)
!25 = !DILocation(line: 15, column: 11, scope: !18)
!26 = !DILocation(line: 15, column: 15, scope: !18)
!27 = !DILocation(line: 16, column: 10, scope: !18)
!28 = !DILocation(line: 17, column: 16, scope: !29)
!29 = distinct !DILexicalBlock(scope: !18, file: !3, line: 17, column: 9)
!30 = !DILocation(line: 17, column: 10, scope: !29)
!31 = !DILocation(line: 17, column: 9, scope: !18)
!32 = !DILocation(line: 18, column: 9, scope: !29)
!33 = !DILocation(line: 19, column: 12, scope: !18)
!34 = !DILocation(line: 19, column: 5, scope: !18)
!35 = !DILocation(line: 20, column: 1, scope: !18)
!36 = distinct !DISubprogram(name: "check", scope: !3, file: !3, line: 10, type: !37, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !23)
!37 = !DISubroutineType(types: !38)
!38 = !{!9, !39}
!39 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !40, size: 64)
!40 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !22)
!41 = !DILocalVariable(name: "s", arg: 1, scope: !36, file: !3, line: 10, type: !39)
!42 = !DILocation(line: 10, column: 30, scope: !36)
!43 = !DILocation(line: 11, column: 12, scope: !36)
!44 = !DILocation(line: 11, column: 14, scope: !36)
!45 = !DILocation(line: 11, column: 22, scope: !36)
!46 = !DILocation(line: 11, column: 25, scope: !36)
!47 = !DILocation(line: 11, column: 30, scope: !36)
!48 = !DILocation(line: 0, scope: !36)
!49 = !DILocation(line: 11, column: 5, scope: !36)
!50 = distinct !DISubprogram(name: "read_line", scope: !3, file: !3, line: 22, type: !51, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!51 = !DISubroutineType(types: !52)
!52 = !{!21, !21, !9}
!53 = !DILocalVariable(name: "buf", arg: 1, scope: !50, file: !3, line: 22, type: !21)
!54 = !DILocation(line: 22, column: 23, scope: !50)
!55 = !DILocalVariable(name: "size", arg: 2, scope: !50, file: !3, line: 22, type: !9)
!56 = !DILocation(line: 22, column: 32, scope: !50)
!57 = !DILocation(line: 23, column: 15, scope: !58)
!58 = distinct !DILexicalBlock(scope: !50, file: !3, line: 23, column: 9)
!59 = !DILocation(line: 23, column: 20, scope: !58)
!60 = !DILocation(line: 23, column: 26, scope: !58)
!61 = !DILocation(line: 23, column: 9, scope: !58)
!62 = !DILocation(line: 23, column: 33, scope: !58)
!63 = !DILocation(line: 23, column: 9, scope: !50)
!64 = !DILocation(line: 24, column: 9, scope: !58)
!65 = !DILocation(line: 25, column: 10, scope: !50)
!66 = !DILocation(line: 26, column: 9, scope: !67)
!67 = distinct !DILexicalBlock(scope: !50, file: !3, line: 26, column: 9)
!68 = !DILocation(line: 26, column: 9, scope: !50)
!69 = !DILocation(line: 27, column: 17, scope: !67)
!70 = !DILocation(line: 27, column: 38, scope: !67)
!71 = !DILocation(line: 27, column: 9, scope: !67)
!72 = !DILocation(line: 28, column: 12, scope: !50)
!73 = !DILocation(line: 28, column: 5, scope: !50)
!74 = !DILocation(line: 29, column: 1, scope: !50)
