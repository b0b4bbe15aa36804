; ModuleID = 'relay.c'
source_filename = "relay.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@verbose = external global i32, align 4
@stderr = external global %struct._IO_FILE*, align 8
@.str = private unnamed_addr constant [10 x i8] c"relay %d\0A\00", align 1
@calls = internal global i32 0, align 4, !dbg !0
@.str.1 = private unnamed_addr constant [6 x i8] c"false\00", align 1
@handlers = external global [3 x void (i8*)*], align 16

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @relay(i8* noundef %data) #0 !dbg !14 {
entry:
  %retval = alloca i8*, align 8
  %data.addr = alloca i8*, align 8
  store i8* %data, i8** %data.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %data.addr, metadata !21, metadata !DIExpression()), !dbg !22
  %0 = load i32, i32* @verbose, align 4, !dbg !23
  %tobool = icmp ne i32 %0, 0, !dbg !23
  br i1 %tobool, label %if.then, label %if.end, !dbg !25

if.then:                                          ; preds = %entry
  %1 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !26
  %2 = load i32, i32* @calls, align 4, !dbg !27
  %call = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %1, i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str, i64 0, i64 0), i32 noundef %2), !dbg !28
  br label %if.end, !dbg !28

if.end:                                           ; preds = %if.then, %entry
  %3 = load i8*, i8** %data.addr, align 8, !dbg !29
  %call1 = call i32 @check(i8* noundef %3), !dbg !31
  %tobool2 = icmp ne i32 %call1, 0, !dbg !31
  br i1 %tobool2, label %if.end4, label %if.then3, !dbg !32

if.then3:                                         ; preds = %if.end
  store i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i64 0, i64 0), i8** %retval, align 8, !dbg !33
  br label %return, !dbg !33

if.end4:                                          ; preds = %if.end
  %4 = load i8*, i8** %data.addr, align 8, !dbg !34
  store i8* %4, i8** %retval, align 8, !dbg !35
  br label %return, !dbg !35

return:                                           ; preds = %if.end4, %if.then3
  %5 = load i8*, i8** %retval, align 8, !dbg !36
  ret i8* %5, !dbg !36
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i32 @fprintf(%struct._IO_FILE* noundef, i8* noundef, ...) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @check(i8* noundef %s) #0 !dbg !37 {
entry:
  %s.addr = alloca i8*, align 8
  store i8* %s, i8** %s.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %s.addr, metadata !40, metadata !DIExpression()), !dbg !41
  %0 = load i32, i32* @calls, align 4, !dbg !42
  %inc = add nsw i32 %0, 1, !dbg !42
  store i32 %inc, i32* @calls, align 4, !dbg !42
  %1 = load i8*, i8** %s.addr, align 8, !dbg !43
  %call = call i64 @strlen(i8* noundef %1) #4, !dbg !44
  %cmp = icmp ult i64 %call, 64, !dbg !45
  %conv = zext i1 %cmp to i32, !dbg !45
  ret i32 %conv, !dbg !46
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @relay_copy(i8* noundef %dst, i8* noundef %src) #0 !dbg !47 {
entry:
  %dst.addr = alloca i8*, align 8
  %src.addr = alloca i8*, align 8
  store i8* %dst, i8** %dst.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %dst.addr, metadata !51, metadata !DIExpression()), !dbg !52
  store i8* %src, i8** %src.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %src.addr, metadata !53, metadata !DIExpression()), !dbg !54
  %0 = load i8*, i8** %dst.addr, align 8, !dbg !55
  %1 = load i8*, i8** %src.addr, align 8, !dbg !56
  call void @copy_name(i8* noundef %0, i8* noundef %1), !dbg !57
  ret void, !dbg !58
}

declare void @copy_name(i8* noundef, i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @dispatch(i32 noundef %which, i8* noundef %arg) #0 !dbg !59 {
entry:
  %which.addr = alloca i32, align 4
  %arg.addr = alloca i8*, align 8
  store i32 %which, i32* %which.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %which.addr, metadata !62, metadata !DIExpression()), !dbg !63
  store i8* %arg, i8** %arg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %arg.addr, metadata !64, metadata !DIExpression()), !dbg !65
  %0 = load i32, i32* %which.addr, align 4, !dbg !66
  %cmp = icmp sge i32 %0, 0, !dbg !68
  br i1 %cmp, label %land.lhs.true, label %if.end, !dbg !69

land.lhs.true:                                    ; preds = %entry
  %1 = load i32, i32* %which.addr, align 4, !dbg !70
  %cmp1 = icmp slt i32 %1, 3, !dbg !71
  br i1 %cmp1, label %if.then, label %if.end, !dbg !72

if.then:                                          ; preds = %land.lhs.true
  %2 = load i32, i32* %which.addr, align 4, !dbg !73
  %idxprom = sext i32 %2 to i64, !dbg !74
  %arrayidx = getelementptr inbounds [3 x void (i8*)*], [3 x void (i8*)*]* @handlers, i64 0, i64 %idxprom, !dbg !74
  %3 = load void (i8*)*, void (i8*)** %arrayidx, align 8, !dbg !74
  %4 = load i8*, i8** %arg.addr, align 8, !dbg !75
  call void %3(i8* noundef %4), !dbg !74
  br label %if.end, !dbg !74

if.end:                                           ; preds = %if.then, %land.lhs.true, %entry
  ret void, !dbg !76
}

; Function Attrs: nounwind readonly willreturn
declare i64 @strlen(i8* noundef) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!6, !7, !8, !9, !10, !11, !12}
!llvm.ident = !{!13}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "calls", scope: !2, file: !3, line: 6, type: !5, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "relay.c", directory: ".", checksumkind: CSK_MD5, checksum: "961829b74137c5641da7030756b841c3")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 7, !"Dwarf Version", i32 5}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 7, !"PIC Level", i32 2}
!10 = !{i32 7, !"PIE Level", i32 2}
!11 = !{i32 7, !"uwtable", i32 1}
!12 = !{i32 7, !"frame-pointer", i32 2}
!13 = !{!"Debian clang version 14.0.6"}
!14 = distinct !DISubprogram(name: "relay", scope: !3, file: !3, line: 14, type: !15, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !20)
!15 = !DISubroutineType(types: !16)
!16 = !{!17, !17}
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !19)
!19 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!20 = !{}
!21 = !DILocalVariable(name: "data", arg: 1, scope: !14, file: !3, line: 14, type: !17)
!22 = !DILocation(line: 14, column: 31, scope: !14)
!23 = !DILocation(line: 15, column: 9, scope: !24)
!24 = distinct !DILexicalBlock(scope: !14, file: !3, line: 15, column: 9)
!25 = !DILocation(line: 15, column: 9, scope: !14)
!26 = !DILocation(line: 16, column: 17, scope: !24)
!27 = !DILocation(line: 16, column: 39, scope: !24)
!28 = !DILocation(line: 16, column: 9, scope: !24)
!29 = !DILocation(line: 17, column: 16, scope: !30)
!30 = distinct !DILexicalBlock(scope: !14, file: !3, line: 17, column: 9)
!31 = !DILocation(line: 17, column: 10, scope: !30)
!32 = !DILocation(line: 17, column: 9, scope: !14)
!33 = !DILocation(line: 18, column: 9, scope: !30)
!34 = !DILocation(line: 19, column: 12, scope: !14)
!35 = !DILocation(line: 19, column: 5, scope: !14)
!36 = !DILocation(line: 20, column: 1, scope: !14)
!37 = distinct !DISubprogram(name: "check", scope: !3, file: !3, line: 9, type: !38, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !20)
!38 = !DISubroutineType(types: !39)
!39 = !{!5, !17}
!40 = !DILocalVariable(name: "s", arg: 1, scope: !37, file: !3, line: 9, type: !17)
!41 = !DILocation(line: 9, column: 30, scope: !37)
!42 = !DILocation(line: 10, column: 10, scope: !37)
!43 = !DILocation(line: 11, column: 19, scope: !37)
!44 = !DILocation(line: 11, column: 12, scope: !37)
!45 = !DILocation(line: 11, column: 22, scope: !37)
!46 = !DILocation(line: 11, column: 5, scope: !37)
!47 = distinct !DISubprogram(name: "relay_copy", scope: !3, file: !3, line: 22, type: !48, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !20)
!48 = !DISubroutineType(types: !49)
!49 = !{null, !50, !17}
!50 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !19, size: 64)
!51 = !DILocalVariable(name: "dst", arg: 1, scope: !47, file: !3, line: 22, type: !50)
!52 = !DILocation(line: 22, column: 23, scope: !47)
!53 = !DILocalVariable(name: "src", arg: 2, scope: !47, file: !3, line: 22, type: !17)
!54 = !DILocation(line: 22, column: 40, scope: !47)
!55 = !DILocation(line: 23, column: 15, scope: !47)
!56 = !DILocation(line: 23, column: 20, scope: !47)
!57 = !DILocation(line: 23, column: 5, scope: !47)
!58 = !DILocation(line: 24, column: 1, scope: !47)
!59 = distinct !DISubprogram(name: "dispatch", scope: !3, file: !3, line: 26, type: !60, scopeLine: 26, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !20)
!60 = !DISubroutineType(types: !61)
!61 = !{null, !5, !17}
!62 = !DILocalVariable(name: "which", arg: 1, scope: !59, file: !3, line: 26, type: !5)
!63 = !DILocation(line: 26, column: 19, scope: !59)
!64 = !DILocalVariable(name: "arg", arg: 2, scope: !59, file: !3, line: 26, type: !17)
!65 = !DILocation(line: 26, column: 38, scope: !59)
!66 = !DILocation(line: 27, column: 9, scope: !67)
!67 = distinct !DILexicalBlock(scope: !59, file: !3, line: 27, column: 9)
!68 = !DILocation(line: 27, column: 15, scope: !67)
!69 = !DILocation(line: 27, column: 20, scope: !67)
!70 = !DILocation(line: 27, column: 23, scope: !67)
!71 = !DILocation(line: 27, column: 29, scope: !67)
!72 = !DILocation(line: 27, column: 9, scope: !59)
!73 = !DILocation(line: 28, column: 18, scope: !67)
!74 = !DILocation(line: 28, column: 9, scope: !67)
!75 = !DILocation(line: 28, column: 25, scope: !67)
!76 = !DILocation(line: 29, column: 1, scope: !59)
