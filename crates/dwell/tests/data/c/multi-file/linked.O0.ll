; ModuleID = 'llvm-link'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque

@.str = private unnamed_addr constant [10 x i8] c"MULTI_CMD\00", align 1
@reads = internal global i32 0, align 4, !dbg !0
@.str.1 = private unnamed_addr constant [5 x i8] c"true\00", align 1
@stdin = external global %struct._IO_FILE*, align 8
@.str.2 = private unnamed_addr constant [9 x i8] c"read %d\0A\00", align 1
@.str.3 = private unnamed_addr constant [10 x i8] c"relay %d\0A\00", align 1
@calls = internal global i32 0, align 4, !dbg !10
@.str.1.5 = private unnamed_addr constant [6 x i8] c"false\00", align 1
@runs = internal global i32 0, align 4, !dbg !15
@stderr = external global %struct._IO_FILE*, align 8
@.str.8 = private unnamed_addr constant [14 x i8] c"log: %s (%d)\0A\00", align 1
@handlers = dso_local global [3 x void (i8*)*] [void (i8*)* @run_command, void (i8*)* @log_only, void (i8*)* @quiet], align 16, !dbg !20
@.str.11 = private unnamed_addr constant [5 x i8] c"done\00", align 1
@verbose = dso_local global i32 1, align 4, !dbg !7

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @read_env() #0 !dbg !43 {
entry:
  %retval = alloca i8*, align 8
  %v = alloca i8*, align 8
  call void @llvm.dbg.declare(metadata i8** %v, metadata !48, metadata !DIExpression()), !dbg !49
  %call = call i8* @getenv(i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str, i64 0, i64 0)) #5, !dbg !50
  store i8* %call, i8** %v, align 8, !dbg !49
  %0 = load i32, i32* @reads, align 4, !dbg !51
  %inc = add nsw i32 %0, 1, !dbg !51
  store i32 %inc, i32* @reads, align 4, !dbg !51
  %1 = load i8*, i8** %v, align 8, !dbg !52
  %call1 = call i32 @check(i8* noundef %1), !dbg !54
  %tobool = icmp ne i32 %call1, 0, !dbg !54
  br i1 %tobool, label %if.end, label %if.then, !dbg !55

if.then:                                          ; preds = %entry
  store i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.1, i64 0, i64 0), i8** %retval, align 8, !dbg !56
  br label %return, !dbg !56

if.end:                                           ; preds = %entry
  %2 = load i8*, i8** %v, align 8, !dbg !57
  store i8* %2, i8** %retval, align 8, !dbg !58
  br label %return, !dbg !58

return:                                           ; preds = %if.end, %if.then
  %3 = load i8*, i8** %retval, align 8, !dbg !59
  ret i8* %3, !dbg !59
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: nounwind
declare i8* @getenv(i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @check(i8* noundef %s) #0 !dbg !60 {
entry:
  %s.addr = alloca i8*, align 8
  store i8* %s, i8** %s.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %s.addr, metadata !63, metadata !DIExpression()), !dbg !64
  %0 = load i8*, i8** %s.addr, align 8, !dbg !65
  %cmp = icmp ne i8* %0, null, !dbg !66
  br i1 %cmp, label %land.rhs, label %land.end, !dbg !67

land.rhs:                                         ; preds = %entry
  %1 = load i8*, i8** %s.addr, align 8, !dbg !68
  %arrayidx = getelementptr inbounds i8, i8* %1, i64 0, !dbg !68
  %2 = load i8, i8* %arrayidx, align 1, !dbg !68
  %conv = sext i8 %2 to i32, !dbg !68
  %cmp1 = icmp ne i32 %conv, 0, !dbg !69
  br label %land.end

land.end:                                         ; preds = %land.rhs, %entry
  %3 = phi i1 [ false, %entry ], [ %cmp1, %land.rhs ], !dbg !70
  %land.ext = zext i1 %3 to i32, !dbg !67
  ret i32 %land.ext, !dbg !71
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @read_line(i8* noundef %buf, i32 noundef %size) #0 !dbg !72 {
entry:
  %retval = alloca i8*, align 8
  %buf.addr = alloca i8*, align 8
  %size.addr = alloca i32, align 4
  store i8* %buf, i8** %buf.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %buf.addr, metadata !75, metadata !DIExpression()), !dbg !76
  store i32 %size, i32* %size.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %size.addr, metadata !77, metadata !DIExpression()), !dbg !78
  %0 = load i8*, i8** %buf.addr, align 8, !dbg !79
  %1 = load i32, i32* %size.addr, align 4, !dbg !81
  %2 = load %struct._IO_FILE*, %struct._IO_FILE** @stdin, align 8, !dbg !82
  %call = call i8* @fgets(i8* noundef %0, i32 noundef %1, %struct._IO_FILE* noundef %2), !dbg !83
  %cmp = icmp eq i8* %call, null, !dbg !84
  br i1 %cmp, label %if.then, label %if.end, !dbg !85

if.then:                                          ; preds = %entry
  store i8* null, i8** %retval, align 8, !dbg !86
  br label %return, !dbg !86

if.end:                                           ; preds = %entry
  %3 = load i32, i32* @reads, align 4, !dbg !87
  %inc = add nsw i32 %3, 1, !dbg !87
  store i32 %inc, i32* @reads, align 4, !dbg !87
  %4 = load i32, i32* @verbose, align 4, !dbg !88
  %tobool = icmp ne i32 %4, 0, !dbg !88
  br i1 %tobool, label %if.then1, label %if.end3, !dbg !90

if.then1:                                         ; preds = %if.end
  %5 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !91
  %6 = load i32, i32* @reads, align 4, !dbg !92
  %call2 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %5, i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str.2, i64 0, i64 0), i32 noundef %6), !dbg !93
  br label %if.end3, !dbg !93

if.end3:                                          ; preds = %if.then1, %if.end
  %7 = load i8*, i8** %buf.addr, align 8, !dbg !94
  store i8* %7, i8** %retval, align 8, !dbg !95
  br label %return, !dbg !95

return:                                           ; preds = %if.end3, %if.then
  %8 = load i8*, i8** %retval, align 8, !dbg !96
  ret i8* %8, !dbg !96
}

declare i8* @fgets(i8* noundef, i32 noundef, %struct._IO_FILE* noundef) #3

declare i32 @fprintf(%struct._IO_FILE* noundef, i8* noundef, ...) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i8* @relay(i8* noundef %data) #0 !dbg !97 {
entry:
  %retval = alloca i8*, align 8
  %data.addr = alloca i8*, align 8
  store i8* %data, i8** %data.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %data.addr, metadata !100, metadata !DIExpression()), !dbg !101
  %0 = load i32, i32* @verbose, align 4, !dbg !102
  %tobool = icmp ne i32 %0, 0, !dbg !102
  br i1 %tobool, label %if.then, label %if.end, !dbg !104

if.then:                                          ; preds = %entry
  %1 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !105
  %2 = load i32, i32* @calls, align 4, !dbg !106
  %call = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %1, i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str.3, i64 0, i64 0), i32 noundef %2), !dbg !107
  br label %if.end, !dbg !107

if.end:                                           ; preds = %if.then, %entry
  %3 = load i8*, i8** %data.addr, align 8, !dbg !108
  %call1 = call i32 @check.4(i8* noundef %3), !dbg !110
  %tobool2 = icmp ne i32 %call1, 0, !dbg !110
  br i1 %tobool2, label %if.end4, label %if.then3, !dbg !111

if.then3:                                         ; preds = %if.end
  store i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1.5, i64 0, i64 0), i8** %retval, align 8, !dbg !112
  br label %return, !dbg !112

if.end4:                                          ; preds = %if.end
  %4 = load i8*, i8** %data.addr, align 8, !dbg !113
  store i8* %4, i8** %retval, align 8, !dbg !114
  br label %return, !dbg !114

return:                                           ; preds = %if.end4, %if.then3
  %5 = load i8*, i8** %retval, align 8, !dbg !115
  ret i8* %5, !dbg !115
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @check.4(i8* noundef %s) #0 !dbg !116 {
entry:
  %s.addr = alloca i8*, align 8
  store i8* %s, i8** %s.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %s.addr, metadata !117, metadata !DIExpression()), !dbg !118
  %0 = load i32, i32* @calls, align 4, !dbg !119
  %inc = add nsw i32 %0, 1, !dbg !119
  store i32 %inc, i32* @calls, align 4, !dbg !119
  %1 = load i8*, i8** %s.addr, align 8, !dbg !120
  %call = call i64 @strlen(i8* noundef %1) #6, !dbg !121
  %cmp = icmp ult i64 %call, 64, !dbg !122
  %conv = zext i1 %cmp to i32, !dbg !122
  ret i32 %conv, !dbg !123
}

; Function Attrs: nounwind readonly willreturn
declare i64 @strlen(i8* noundef) #4

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @relay_copy(i8* noundef %dst, i8* noundef %src) #0 !dbg !124 {
entry:
  %dst.addr = alloca i8*, align 8
  %src.addr = alloca i8*, align 8
  store i8* %dst, i8** %dst.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %dst.addr, metadata !127, metadata !DIExpression()), !dbg !128
  store i8* %src, i8** %src.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %src.addr, metadata !129, metadata !DIExpression()), !dbg !130
  %0 = load i8*, i8** %dst.addr, align 8, !dbg !131
  %1 = load i8*, i8** %src.addr, align 8, !dbg !132
  call void @copy_name(i8* noundef %0, i8* noundef %1), !dbg !133
  ret void, !dbg !134
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @dispatch(i32 noundef %which, i8* noundef %arg) #0 !dbg !135 {
entry:
  %which.addr = alloca i32, align 4
  %arg.addr = alloca i8*, align 8
  store i32 %which, i32* %which.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %which.addr, metadata !138, metadata !DIExpression()), !dbg !139
  store i8* %arg, i8** %arg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %arg.addr, metadata !140, metadata !DIExpression()), !dbg !141
  %0 = load i32, i32* %which.addr, align 4, !dbg !142
  %cmp = icmp sge i32 %0, 0, !dbg !144
  br i1 %cmp, label %land.lhs.true, label %if.end, !dbg !145

land.lhs.true:                                    ; preds = %entry
  %1 = load i32, i32* %which.addr, align 4, !dbg !146
  %cmp1 = icmp slt i32 %1, 3, !dbg !147
  br i1 %cmp1, label %if.then, label %if.end, !dbg !148

if.then:                                          ; preds = %land.lhs.true
  %2 = load i32, i32* %which.addr, align 4, !dbg !149
  %idxprom = sext i32 %2 to i64, !dbg !150
  %arrayidx = getelementptr inbounds [3 x void (i8*)*], [3 x void (i8*)*]* @handlers, i64 0, i64 %idxprom, !dbg !150
  %3 = load void (i8*)*, void (i8*)** %arrayidx, align 8, !dbg !150
  %4 = load i8*, i8** %arg.addr, align 8, !dbg !151
  call void %3(i8* noundef %4), !dbg !150
  br label %if.end, !dbg !150

if.end:                                           ; preds = %if.then, %land.lhs.true, %entry
  ret void, !dbg !152
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @run_command(i8* noundef %cmd) #0 !dbg !153 {
entry:
  %cmd.addr = alloca i8*, align 8
  store i8* %cmd, i8** %cmd.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %cmd.addr, metadata !154, metadata !DIExpression()), !dbg !155
  %0 = load i32, i32* @runs, align 4, !dbg !156
  %inc = add nsw i32 %0, 1, !dbg !156
  store i32 %inc, i32* @runs, align 4, !dbg !156
  %1 = load i8*, i8** %cmd.addr, align 8, !dbg !157
  %call = call i32 @system(i8* noundef %1), !dbg !158
  ret void, !dbg !159
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @log_only(i8* noundef %msg) #0 !dbg !160 {
entry:
  %msg.addr = alloca i8*, align 8
  store i8* %msg, i8** %msg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %msg.addr, metadata !161, metadata !DIExpression()), !dbg !162
  %0 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !dbg !163
  %1 = load i8*, i8** %msg.addr, align 8, !dbg !164
  %2 = load i32, i32* @runs, align 4, !dbg !165
  %call = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %0, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.8, i64 0, i64 0), i8* noundef %1, i32 noundef %2), !dbg !166
  ret void, !dbg !167
}

; Function Attrs: noinline nounwind optnone uwtable
define internal void @quiet(i8* noundef %msg) #0 !dbg !168 {
entry:
  %msg.addr = alloca i8*, align 8
  store i8* %msg, i8** %msg.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %msg.addr, metadata !169, metadata !DIExpression()), !dbg !170
  %0 = load i8*, i8** %msg.addr, align 8, !dbg !171
  ret void, !dbg !172
}

declare i32 @system(i8* noundef) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @copy_name(i8* noundef %dst, i8* noundef %src) #0 !dbg !173 {
entry:
  %dst.addr = alloca i8*, align 8
  %src.addr = alloca i8*, align 8
  store i8* %dst, i8** %dst.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %dst.addr, metadata !174, metadata !DIExpression()), !dbg !175
  store i8* %src, i8** %src.addr, align 8
  call void @llvm.dbg.declare(metadata i8** %src.addr, metadata !176, metadata !DIExpression()), !dbg !177
  %0 = load i8*, i8** %dst.addr, align 8, !dbg !178
  %1 = load i8*, i8** %src.addr, align 8, !dbg !179
  %call = call i8* @strcpy(i8* noundef %0, i8* noundef %1) #5, !dbg !180
  ret void, !dbg !181
}

; Function Attrs: nounwind
declare i8* @strcpy(i8* noundef, i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main(i32 noundef %argc, i8** noundef %argv) #0 !dbg !182 {
entry:
  %retval = alloca i32, align 4
  %argc.addr = alloca i32, align 4
  %argv.addr = alloca i8**, align 8
  %line = alloca [128 x i8], align 16
  %name = alloca [32 x i8], align 16
  %cmd = alloca i8*, align 8
  store i32 0, i32* %retval, align 4
  store i32 %argc, i32* %argc.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %argc.addr, metadata !186, metadata !DIExpression()), !dbg !187
  store i8** %argv, i8*** %argv.addr, align 8
  call void @llvm.dbg.declare(metadata i8*** %argv.addr, metadata !188, metadata !DIExpression()), !dbg !189
  call void @llvm.dbg.declare(metadata [128 x i8]* %line, metadata !190, metadata !DIExpression()), !dbg !194
  call void @llvm.dbg.declare(metadata [32 x i8]* %name, metadata !195, metadata !DIExpression()), !dbg !199
  call void @llvm.dbg.declare(metadata i8** %cmd, metadata !200, metadata !DIExpression()), !dbg !201
  %call = call i8* @read_env(), !dbg !202
  %call1 = call i8* @relay(i8* noundef %call), !dbg !203
  store i8* %call1, i8** %cmd, align 8, !dbg !201
  %0 = load i8*, i8** %cmd, align 8, !dbg !204
  call void @run_command(i8* noundef %0), !dbg !205
  %arraydecay = getelementptr inbounds [128 x i8], [128 x i8]* %line, i64 0, i64 0, !dbg !206
  %call2 = call i8* @read_line(i8* noundef %arraydecay, i32 noundef 128), !dbg !208
  %cmp = icmp ne i8* %call2, null, !dbg !209
  br i1 %cmp, label %if.then, label %if.end, !dbg !210

if.then:                                          ; preds = %entry
  %arraydecay3 = getelementptr inbounds [32 x i8], [32 x i8]* %name, i64 0, i64 0, !dbg !211
  %arraydecay4 = getelementptr inbounds [128 x i8], [128 x i8]* %line, i64 0, i64 0, !dbg !212
  call void @relay_copy(i8* noundef %arraydecay3, i8* noundef %arraydecay4), !dbg !213
  br label %if.end, !dbg !213

if.end:                                           ; preds = %if.then, %entry
  %1 = load i32, i32* %argc.addr, align 4, !dbg !214
  %cmp5 = icmp sgt i32 %1, 1, !dbg !215
  %2 = zext i1 %cmp5 to i64, !dbg !214
  %cond = select i1 %cmp5, i32 0, i32 1, !dbg !214
  %3 = load i8**, i8*** %argv.addr, align 8, !dbg !216
  %arrayidx = getelementptr inbounds i8*, i8** %3, i64 0, !dbg !216
  %4 = load i8*, i8** %arrayidx, align 8, !dbg !216
  call void @dispatch(i32 noundef %cond, i8* noundef %4), !dbg !217
  call void @dispatch(i32 noundef 2, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.11, i64 0, i64 0)), !dbg !218
  store i32 0, i32* @verbose, align 4, !dbg !219
  ret i32 0, !dbg !220
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }
attributes #6 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!2, !12, !17, !33}
!llvm.ident = !{!35, !35, !35, !35}
!llvm.module.flags = !{!36, !37, !38, !39, !40, !41, !42}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "reads", scope: !2, file: !3, line: 7, type: !9, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "input.c", directory: ".", checksumkind: CSK_MD5, checksum: "989065664deed073adb986a7cb4b04a8")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !{!7, !0}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(name: "verbose", scope: !2, file: !3, line: 6, type: !9, isLocal: false, isDefinition: true)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "calls", scope: !12, file: !13, line: 6, type: !9, isLocal: true, isDefinition: true)
!12 = distinct !DICompileUnit(language: DW_LANG_C99, file: !13, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !14, splitDebugInlining: false, nameTableKind: None)
!13 = !DIFile(filename: "relay.c", directory: ".", checksumkind: CSK_MD5, checksum: "961829b74137c5641da7030756b841c3")
!14 = !{!10}
!15 = !DIGlobalVariableExpression(var: !16, expr: !DIExpression())
!16 = distinct !DIGlobalVariable(name: "runs", scope: !17, file: !18, line: 7, type: !9, isLocal: true, isDefinition: true)
!17 = distinct !DICompileUnit(language: DW_LANG_C99, file: !18, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !19, splitDebugInlining: false, nameTableKind: None)
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
!33 = distinct !DICompileUnit(language: DW_LANG_C99, file: !34, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, splitDebugInlining: false, nameTableKind: None)
!34 = !DIFile(filename: "main.c", directory: ".", checksumkind: CSK_MD5, checksum: "4fe5e09f5f733a40827cb1144dd34ee2")
!35 = !{!"Debian clang version 14.0.6"}
!36 = !{i32 7, !"Dwarf Version", i32 5}
!37 = !{i32 2, !"Debug Info Version", i32 3}
!38 = !{i32 1, !"wchar_size", i32 4}
!39 = !{i32 7, !"PIC Level", i32 2}
!40 = !{i32 7, !"PIE Level", i32 2}
!41 = !{i32 7, !"uwtable", i32 1}
!42 = !{i32 7, !"frame-pointer", i32 2}
!43 = distinct !DISubprogram(name: "read_env", scope: !3, file: !3, line: 14, type: !44, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !47)
!44 = !DISubroutineType(types: !45)
!45 = !{!46}
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !30, size: 64)
!47 = !{}
!48 = !DILocalVariable(name: "v", scope: !43, file: !3, line: 15, type: !46)
!49 = !DILocation(line: 15, column: 11, scope: !43)
!50 = !DILocation(line: 15, column: 15, scope: !43)
!51 = !DILocation(line: 16, column: 10, scope: !43)
!52 = !DILocation(line: 17, column: 16, scope: !53)
!53 = distinct !DILexicalBlock(scope: !43, file: !3, line: 17, column: 9)
!54 = !DILocation(line: 17, column: 10, scope: !53)
!55 = !DILocation(line: 17, column: 9, scope: !43)
!56 = !DILocation(line: 18, column: 9, scope: !53)
!57 = !DILocation(line: 19, column: 12, scope: !43)
!58 = !DILocation(line: 19, column: 5, scope: !43)
!59 = !DILocation(line: 20, column: 1, scope: !43)
!60 = distinct !DISubprogram(name: "check", scope: !3, file: !3, line: 10, type: !61, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !47)
!61 = !DISubroutineType(types: !62)
!62 = !{!9, !28}
!63 = !DILocalVariable(name: "s", arg: 1, scope: !60, file: !3, line: 10, type: !28)
!64 = !DILocation(line: 10, column: 30, scope: !60)
!65 = !DILocation(line: 11, column: 12, scope: !60)
!66 = !DILocation(line: 11, column: 14, scope: !60)
!67 = !DILocation(line: 11, column: 22, scope: !60)
!68 = !DILocation(line: 11, column: 25, scope: !60)
!69 = !DILocation(line: 11, column: 30, scope: !60)
!70 = !DILocation(line: 0, scope: !60)
!71 = !DILocation(line: 11, column: 5, scope: !60)
!72 = distinct !DISubprogram(name: "read_line", scope: !3, file: !3, line: 22, type: !73, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !47)
!73 = !DISubroutineType(types: !74)
!74 = !{!46, !46, !9}
!75 = !DILocalVariable(name: "buf", arg: 1, scope: !72, file: !3, line: 22, type: !46)
!76 = !DILocation(line: 22, column: 23, scope: !72)
!77 = !DILocalVariable(name: "size", arg: 2, scope: !72, file: !3, line: 22, type: !9)
!78 = !DILocation(line: 22, column: 32, scope: !72)
!79 = !DILocation(line: 23, column: 15, scope: !80)
!80 = distinct !DILexicalBlock(scope: !72, file: !3, line: 23, column: 9)
!81 = !DILocation(line: 23, column: 20, scope: !80)
!82 = !DILocation(line: 23, column: 26, scope: !80)
!83 = !DILocation(line: 23, column: 9, scope: !80)
!84 = !DILocation(line: 23, column: 33, scope: !80)
!85 = !DILocation(line: 23, column: 9, scope: !72)
!86 = !DILocation(line: 24, column: 9, scope: !80)
!87 = !DILocation(line: 25, column: 10, scope: !72)
!88 = !DILocation(line: 26, column: 9, scope: !89)
!89 = distinct !DILexicalBlock(scope: !72, file: !3, line: 26, column: 9)
!90 = !DILocation(line: 26, column: 9, scope: !72)
!91 = !DILocation(line: 27, column: 17, scope: !89)
!92 = !DILocation(line: 27, column: 38, scope: !89)
!93 = !DILocation(line: 27, column: 9, scope: !89)
!94 = !DILocation(line: 28, column: 12, scope: !72)
!95 = !DILocation(line: 28, column: 5, scope: !72)
!96 = !DILocation(line: 29, column: 1, scope: !72)
!97 = distinct !DISubprogram(name: "relay", scope: !13, file: !13, line: 14, type: !98, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !12, retainedNodes: !47)
!98 = !DISubroutineType(types: !99)
!99 = !{!28, !28}
!100 = !DILocalVariable(name: "data", arg: 1, scope: !97, file: !13, line: 14, type: !28)
!101 = !DILocation(line: 14, column: 31, scope: !97)
!102 = !DILocation(line: 15, column: 9, scope: !103)
!103 = distinct !DILexicalBlock(scope: !97, file: !13, line: 15, column: 9)
!104 = !DILocation(line: 15, column: 9, scope: !97)
!105 = !DILocation(line: 16, column: 17, scope: !103)
!106 = !DILocation(line: 16, column: 39, scope: !103)
!107 = !DILocation(line: 16, column: 9, scope: !103)
!108 = !DILocation(line: 17, column: 16, scope: !109)
!109 = distinct !DILexicalBlock(scope: !97, file: !13, line: 17, column: 9)
!110 = !DILocation(line: 17, column: 10, scope: !109)
!111 = !DILocation(line: 17, column: 9, scope: !97)
!112 = !DILocation(line: 18, column: 9, scope: !109)
!113 = !DILocation(line: 19, column: 12, scope: !97)
!114 = !DILocation(line: 19, column: 5, scope: !97)
!115 = !DILocation(line: 20, column: 1, scope: !97)
!116 = distinct !DISubprogram(name: "check", scope: !13, file: !13, line: 9, type: !61, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !12, retainedNodes: !47)
!117 = !DILocalVariable(name: "s", arg: 1, scope: !116, file: !13, line: 9, type: !28)
!118 = !DILocation(line: 9, column: 30, scope: !116)
!119 = !DILocation(line: 10, column: 10, scope: !116)
!120 = !DILocation(line: 11, column: 19, scope: !116)
!121 = !DILocation(line: 11, column: 12, scope: !116)
!122 = !DILocation(line: 11, column: 22, scope: !116)
!123 = !DILocation(line: 11, column: 5, scope: !116)
!124 = distinct !DISubprogram(name: "relay_copy", scope: !13, file: !13, line: 22, type: !125, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !12, retainedNodes: !47)
!125 = !DISubroutineType(types: !126)
!126 = !{null, !46, !28}
!127 = !DILocalVariable(name: "dst", arg: 1, scope: !124, file: !13, line: 22, type: !46)
!128 = !DILocation(line: 22, column: 23, scope: !124)
!129 = !DILocalVariable(name: "src", arg: 2, scope: !124, file: !13, line: 22, type: !28)
!130 = !DILocation(line: 22, column: 40, scope: !124)
!131 = !DILocation(line: 23, column: 15, scope: !124)
!132 = !DILocation(line: 23, column: 20, scope: !124)
!133 = !DILocation(line: 23, column: 5, scope: !124)
!134 = !DILocation(line: 24, column: 1, scope: !124)
!135 = distinct !DISubprogram(name: "dispatch", scope: !13, file: !13, line: 26, type: !136, scopeLine: 26, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !12, retainedNodes: !47)
!136 = !DISubroutineType(types: !137)
!137 = !{null, !9, !28}
!138 = !DILocalVariable(name: "which", arg: 1, scope: !135, file: !13, line: 26, type: !9)
!139 = !DILocation(line: 26, column: 19, scope: !135)
!140 = !DILocalVariable(name: "arg", arg: 2, scope: !135, file: !13, line: 26, type: !28)
!141 = !DILocation(line: 26, column: 38, scope: !135)
!142 = !DILocation(line: 27, column: 9, scope: !143)
!143 = distinct !DILexicalBlock(scope: !135, file: !13, line: 27, column: 9)
!144 = !DILocation(line: 27, column: 15, scope: !143)
!145 = !DILocation(line: 27, column: 20, scope: !143)
!146 = !DILocation(line: 27, column: 23, scope: !143)
!147 = !DILocation(line: 27, column: 29, scope: !143)
!148 = !DILocation(line: 27, column: 9, scope: !135)
!149 = !DILocation(line: 28, column: 18, scope: !143)
!150 = !DILocation(line: 28, column: 9, scope: !143)
!151 = !DILocation(line: 28, column: 25, scope: !143)
!152 = !DILocation(line: 29, column: 1, scope: !135)
!153 = distinct !DISubprogram(name: "run_command", scope: !18, file: !18, line: 9, type: !26, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !17, retainedNodes: !47)
!154 = !DILocalVariable(name: "cmd", arg: 1, scope: !153, file: !18, line: 9, type: !28)
!155 = !DILocation(line: 9, column: 30, scope: !153)
!156 = !DILocation(line: 10, column: 9, scope: !153)
!157 = !DILocation(line: 11, column: 12, scope: !153)
!158 = !DILocation(line: 11, column: 5, scope: !153)
!159 = !DILocation(line: 12, column: 1, scope: !153)
!160 = distinct !DISubprogram(name: "log_only", scope: !18, file: !18, line: 18, type: !26, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !17, retainedNodes: !47)
!161 = !DILocalVariable(name: "msg", arg: 1, scope: !160, file: !18, line: 18, type: !28)
!162 = !DILocation(line: 18, column: 27, scope: !160)
!163 = !DILocation(line: 19, column: 13, scope: !160)
!164 = !DILocation(line: 19, column: 39, scope: !160)
!165 = !DILocation(line: 19, column: 44, scope: !160)
!166 = !DILocation(line: 19, column: 5, scope: !160)
!167 = !DILocation(line: 20, column: 1, scope: !160)
!168 = distinct !DISubprogram(name: "quiet", scope: !18, file: !18, line: 22, type: !26, scopeLine: 22, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !17, retainedNodes: !47)
!169 = !DILocalVariable(name: "msg", arg: 1, scope: !168, file: !18, line: 22, type: !28)
!170 = !DILocation(line: 22, column: 31, scope: !168)
!171 = !DILocation(line: 23, column: 11, scope: !168)
!172 = !DILocation(line: 24, column: 1, scope: !168)
!173 = distinct !DISubprogram(name: "copy_name", scope: !18, file: !18, line: 14, type: !125, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !17, retainedNodes: !47)
!174 = !DILocalVariable(name: "dst", arg: 1, scope: !173, file: !18, line: 14, type: !46)
!175 = !DILocation(line: 14, column: 22, scope: !173)
!176 = !DILocalVariable(name: "src", arg: 2, scope: !173, file: !18, line: 14, type: !28)
!177 = !DILocation(line: 14, column: 39, scope: !173)
!178 = !DILocation(line: 15, column: 12, scope: !173)
!179 = !DILocation(line: 15, column: 17, scope: !173)
!180 = !DILocation(line: 15, column: 5, scope: !173)
!181 = !DILocation(line: 16, column: 1, scope: !173)
!182 = distinct !DISubprogram(name: "main", scope: !34, file: !34, line: 5, type: !183, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !33, retainedNodes: !47)
!183 = !DISubroutineType(types: !184)
!184 = !{!9, !9, !185}
!185 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !46, size: 64)
!186 = !DILocalVariable(name: "argc", arg: 1, scope: !182, file: !34, line: 5, type: !9)
!187 = !DILocation(line: 5, column: 14, scope: !182)
!188 = !DILocalVariable(name: "argv", arg: 2, scope: !182, file: !34, line: 5, type: !185)
!189 = !DILocation(line: 5, column: 27, scope: !182)
!190 = !DILocalVariable(name: "line", scope: !182, file: !34, line: 6, type: !191)
!191 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 1024, elements: !192)
!192 = !{!193}
!193 = !DISubrange(count: 128)
!194 = !DILocation(line: 6, column: 10, scope: !182)
!195 = !DILocalVariable(name: "name", scope: !182, file: !34, line: 7, type: !196)
!196 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 256, elements: !197)
!197 = !{!198}
!198 = !DISubrange(count: 32)
!199 = !DILocation(line: 7, column: 10, scope: !182)
!200 = !DILocalVariable(name: "cmd", scope: !182, file: !34, line: 8, type: !28)
!201 = !DILocation(line: 8, column: 17, scope: !182)
!202 = !DILocation(line: 8, column: 29, scope: !182)
!203 = !DILocation(line: 8, column: 23, scope: !182)
!204 = !DILocation(line: 9, column: 17, scope: !182)
!205 = !DILocation(line: 9, column: 5, scope: !182)
!206 = !DILocation(line: 10, column: 19, scope: !207)
!207 = distinct !DILexicalBlock(scope: !182, file: !34, line: 10, column: 9)
!208 = !DILocation(line: 10, column: 9, scope: !207)
!209 = !DILocation(line: 10, column: 38, scope: !207)
!210 = !DILocation(line: 10, column: 9, scope: !182)
!211 = !DILocation(line: 11, column: 20, scope: !207)
!212 = !DILocation(line: 11, column: 26, scope: !207)
!213 = !DILocation(line: 11, column: 9, scope: !207)
!214 = !DILocation(line: 12, column: 14, scope: !182)
!215 = !DILocation(line: 12, column: 19, scope: !182)
!216 = !DILocation(line: 12, column: 32, scope: !182)
!217 = !DILocation(line: 12, column: 5, scope: !182)
!218 = !DILocation(line: 13, column: 5, scope: !182)
!219 = !DILocation(line: 14, column: 13, scope: !182)
!220 = !DILocation(line: 15, column: 5, scope: !182)
