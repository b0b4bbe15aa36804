; ModuleID = 'main.c'
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [5 x i8] c"done\00", align 1
@verbose = external global i32, align 4

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main(i32 noundef %argc, i8** noundef %argv) #0 !dbg !12 {
entry:
  %retval = alloca i32, align 4
  %argc.addr = alloca i32, align 4
  %argv.addr = alloca i8**, align 8
  %line = alloca [128 x i8], align 16
  %name = alloca [32 x i8], align 16
  %cmd = alloca i8*, align 8
  store i32 0, i32* %retval, align 4
  store i32 %argc, i32* %argc.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %argc.addr, metadata !20, metadata !DIExpression()), !dbg !21
  store i8** %argv, i8*** %argv.addr, align 8
  call void @llvm.dbg.declare(metadata i8*** %argv.addr, metadata !22, metadata !DIExpression()), !dbg !23
  call void @llvm.dbg.declare(metadata [128 x i8]* %line, metadata !24, metadata !DIExpression()), !dbg !28
  call void @llvm.dbg.declare(metadata [32 x i8]* %name, metadata !29, metadata !DIExpression()), !dbg !33
  call void @llvm.dbg.declare(metadata i8** %cmd, metadata !34, metadata !DIExpression()), !dbg !37
  %call = call i8* @read_env(), !dbg !38
  %call1 = call i8* @relay(i8* noundef %call), !dbg !39
  store i8* %call1, i8** %cmd, align 8, !dbg !37
  %0 = load i8*, i8** %cmd, align 8, !dbg !40
  call void @run_command(i8* noundef %0), !dbg !41
  %arraydecay = getelementptr inbounds [128 x i8], [128 x i8]* %line, i64 0, i64 0, !dbg !42
  %call2 = call i8* @read_line(i8* noundef %arraydecay, i32 noundef 128), !dbg !44
  %cmp = icmp ne i8* %call2, null, !dbg !45
  br i1 %cmp, label %if.then, label %if.end, !dbg !46

if.then:                                          ; preds = %entry
  %arraydecay3 = getelementptr inbounds [32 x i8], [32 x i8]* %name, i64 0, i64 0, !dbg !47
  %arraydecay4 = getelementptr inbounds [128 x i8], [128 x i8]* %line, i64 0, i64 0, !dbg !48
  call void @relay_copy(i8* noundef %arraydecay3, i8* noundef %arraydecay4), !dbg !49
  br label %if.end, !dbg !49

if.end:                                           ; preds = %if.then, %entry
  %1 = load i32, i32* %argc.addr, align 4, !dbg !50
  %cmp5 = icmp sgt i32 %1, 1, !dbg !51
  %2 = zext i1 %cmp5 to i64, !dbg !50
  %cond = select i1 %cmp5, i32 0, i32 1, !dbg !50
  %3 = load i8**, i8*** %argv.addr, align 8, !dbg !52
  %arrayidx = getelementptr inbounds i8*, i8** %3, i64 0, !dbg !52
  %4 = load i8*, i8** %arrayidx, align 8, !dbg !52
  call void @dispatch(i32 noundef %cond, i8* noundef %4), !dbg !53
  call void @dispatch(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str, i64 0, i64 0)), !dbg !54
  store i32 0, i32* @verbose, align 4, !dbg !55
  ret i32 0, !dbg !56
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i8* @relay(i8* noundef) #2

declare i8* @read_env() #2

declare void @run_command(i8* noundef) #2

declare i8* @read_line(i8* noundef, i32 noundef) #2

declare void @relay_copy(i8* noundef, i8* noundef) #2

declare void @dispatch(i32 noundef, i8* noundef) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9, !10}
!llvm.ident = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "main.c", directory: ".", checksumkind: CSK_MD5, checksum: "4fe5e09f5f733a40827cb1144dd34ee2")
!2 = !{!3}
!3 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"PIC Level", i32 2}
!8 = !{i32 7, !"PIE Level", i32 2}
!9 = !{i32 7, !"uwtable", i32 1}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 14.0.6"}
!12 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 5, type: !13, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !19)
!13 = !DISubroutineType(types: !14)
!14 = !{!15, !15, !16}
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!19 = !{}
!20 = !DILocalVariable(name: "argc", arg: 1, scope: !12, file: !1, line: 5, type: !15)
!21 = !DILocation(line: 5, column: 14, scope: !12)
!22 = !DILocalVariable(name: "argv", arg: 2, scope: !12, file: !1, line: 5, type: !16)
!23 = !DILocation(line: 5, column: 27, scope: !12)
!24 = !DILocalVariable(name: "line", scope: !12, file: !1, line: 6, type: !25)
!25 = !DICompositeType(tag: DW_TAG_array_type, baseType: !18, size: 1024, elements: !26)
!26 = !{!27}
!27 = !DISubrange(count: 128)
!28 = !DILocation(line: 6, column: 10, scope: !12)
!29 = !DILocalVariable(name: "name", scope: !12, file: !1, line: 7, type: !30)
!30 = !DICompositeType(tag: DW_TAG_array_type, baseType: !18, size: 256, elements: !31)
!31 = !{!32}
!32 = !DISubrange(count: 32)
!33 = !DILocation(line: 7, column: 10, scope: !12)
!34 = !DILocalVariable(name: "cmd", scope: !12, file: !1, line: 8, type: !35)
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !36, size: 64)
!36 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !18)
!37 = !DILocation(line: 8, column: 17, scope: !12)
!38 = !DILocation(line: 8, column: 29, scope: !12)
!39 = !DILocation(line: 8, column: 23, scope: !12)
!40 = !DILocation(line: 9, column: 17, scope: !12)
!41 = !DILocation(line: 9, column: 5, scope: !12)
!42 = !DILocation(line: 10, column: 19, scope: !43)
!43 = distinct !DILexicalBlock(scope: !12, file: !1, line: 10, column: 9)
!44 = !DILocation(line: 10, column: 9, scope: !43)
!45 = !DILocation(line: 10, column: 38, scope: !43)
!46 = !DILocation(line: 10, column: 9, scope: !12)
!47 = !DILocation(line: 11, column: 20, scope: !43)
!48 = !DILocation(line: 11, column: 26, scope: !43)
!49 = !DILocation(line: 11, column: 9, scope: !43)
!50 = !DILocation(line: 12, column: 14, scope: !12)
!51 = !DILocation(line: 12, column: 19, scope: !12)
!52 = !DILocation(line: 12, column: 32, scope: !12)
!53 = !DILocation(line: 12, column: 5, scope: !12)
!54 = !DILocation(line: 13, column: 5, scope: !12)
!55 = !DILocation(line: 14, column: 13, scope: !12)
!56 = !DILocation(line: 15, column: 5, scope: !12)
