; ModuleID = 'sink.c'
source_filename = "sink.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@runs = internal global i32 0, align 4, !dbg !0
@stderr = external global %struct._IO_FILE*, align 8
@.str = private unnamed_addr constant [14 x i8] c"log: %s (%d)\0A\00", align 1
@handlers = dso_local global [3 x void (i8*)*] [void (i8*)* @run_command, void (i8*)* @log_only, void (i8*)* @quiet], align 16, !dbg !5

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run_command(i8* noundef %cmd) #0 !dbg !27 {
entry:
  %cmd.addr = alloca i8*, align 8
  store i8* %cmd, i8** %cmd.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %cmd.addr, metadata !29, metadata !DIExpression()), !dbg !30
  %0 = load i32, i32* @runs, align 4, !dbg !31
  %inc = add nsw i32 %0, 1, !dbg !31
  store i32 %inc, i32* @runs, align 4, !dbg !31
  %1 = load i8*, i8** %cmd.addr, align 8, !dbg !32
  %call = call i32 @system(i8* noundef %1), !dbg !33
  ret void, !dbg !34
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i32 @system(i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @copy_name(i8* noundef %dst, i8* noundef %src) #0 !dbg !35 {
entry:
  %dst.addr = alloca i8*, align 8
  %src.addr = alloca i8*, align 8
  store i8* %dst, i8** %dst.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %dst.addr, metadata !39, metadata !DIExpression()), !dbg !40
  store i8* %src, i8** %src.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %src.addr, metadata !41, metadata !DIExpression()), !dbg !42
  %0 = load i8*, i8** %dst.addr, align 8, !dbg !43
  %1 = load i8*, i8** %src.addr, align 8, !dbg !44
  %call = call i8* @strcpy(i8* noundef %0, i8* noundef %1) #4, !dbg !45
  ret void, !dbg !46
}

; Function Attrs: nounwind
declare i8* @strcpy(i8* noundef, i8* noundef) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @log_only(i8* noundef %msg) #0 !dbg !47 {
entry:
  %msg.addr = alloca i8*, align 8
  store i8* %msg, i8** %msg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %msg.addr, metadata !48, metadata !DIExpression()), !dbg !49
  %0 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !50
  %1 = load i8*, i8** %msg.addr, align 8, !dbg !51
  %2 = load i32, i32* @runs, align 4, !dbg !52
  %call = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %0, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str, i64 0, i64 0), i8* noundef %1, i32 noundef %2), !dbg !53
  ret void, !dbg !54
}

declare i32 @fprintf(%struct._IO_FILE* noundef, i8* noundef, ...) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal void @quiet(i8* noundef %msg) #0 !dbg !55 {
entry:
  %msg.addr = alloca i8*, align 8
  store i8* %msg, i8** %msg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %msg.addr, metadata !56, metadata !DIExpression()), !dbg !57
  %0 = load i8*, i8** %msg.addr, align 8, !dbg !58
  ret void, !dbg !59
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!19, !20, !21, !22, !23, !24, !25}
!llvm.ident = !{!26}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "runs", scope: !2, file: !3, line: 7, type: !18, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
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
!25 = !{i32 7, !"frame-pointer", i32 2}
!26 = !{!"Debian clang version 14.0.6"}
!27 = distinct !DISubprogram(name: "run_command", scope: !3, file: !3, line: 9, type: !11, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !28)
!28 = !{}
!29 = !DILocalVariable(name: "cmd", arg: 1, scope: !27, file: !3, line: 9, type: !13)
!30 = !DILocation(line: 9, column: 30, scope: !27)
!31 = !DILocation(line: 10, column: 9, scope: !27)
!32 = !DILocation(line: 11, column: 12, scope: !27)
!33 = !DILocation(line: 11, column: 5, scope: !27)
!34 = !DILocation(line: 12, column: 1, scope: !27)
!35 = distinct !DISubprogram(name: "copy_name", scope: !3, file: !3, line: 14, type: !36, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !28)
!36 = !DISubroutineType(types: !37)
!37 = !{null, !38, !13}
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!39 = !DILocalVariable(name: "dst", arg: 1, scope: !35, file: !3, line: 14, type: !38)
!40 = !DILocation(line: 14, column: 22, scope: !35)
!41 = !DILocalVariable(name: "src", arg: 2, scope: !35, file: !3, line: 14, type: !13)
!42 = !DILocation(line: 14, column: 39, scope: !35)
!43 = !DILocation(line: 15, column: 12, scope: !35)
!44 = !DILocation(line: 15, column: 17, scope: !35)
!45 = !DILocation(line: 15, column: 5, scope: !35)
!46 = !DILocation(line: 16, column: 1, scope: !35)
!47 = distinct !DISubprogram(name: "log_only", scope: !3, file: !3, line: 18, type: !11, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !28)
!48 = !DILocalVariable(name: "msg", arg: 1, scope: !47, file: !3, line: 18, type: !13)
!49 = !DILocation(line: 18, column: 27, scope: !47)
!50 = !DILocation(line: 19, column: 13, scope: !47)
!51 = !DILocation(line: 19, column: 39, scope: !47)
!52 = !DILocation(line: 19, column: 44, scope: !47)
!53 = !DILocation(line: 19, column: 5, scope: !47)
!54 = !DILocation(line: 20, column: 1, scope: !47)
!55 = distinct !DISubprogram(name: "quiet", scope: !3, file: !3, line: 22, type: !11, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !28)
!56 = !DILocalVariable(name: "msg", arg: 1, scope: !55, file: !3, line: 22, type: !13)
!57 = !DILocation(line: 22, column: 31, scope: !55)
!58 = !DILocation(line: 23, column: 11, scope: !55)
!59 = !DILocation(line: 24, column: 1, scope: !55)
