; ModuleID = 'field_types.c'
source_filename = "field_types.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.a = type { i32*, i32* }
%struct.b = type { i32*, i32*, i32* }
%struct.derived = type { %struct.a, i32* }
%union.u = type { %struct.b }

@i1 = dso_local global i32 0, align 4, !dbg !0
@i2 = dso_local global i32 0, align 4, !dbg !7
@i3 = dso_local global i32 0, align 4, !dbg !10
@i4 = dso_local global i32 0, align 4, !dbg !12
@i5 = dso_local global i32 0, align 4, !dbg !14
@a_y = dso_local global i32* null, align 8, !dbg !16
@b_q = dso_local global i32* null, align 8, !dbg !19
@b_r = dso_local global i32* null, align 8, !dbg !21
@d_y = dso_local global i32* null, align 8, !dbg !23
@u_r = dso_local global i32* null, align 8, !dbg !25
@c_1 = dso_local global i32* null, align 8, !dbg !27
@.str = private unnamed_addr constant [4 x i8] c"one\00", align 1
@msg_a = dso_local global i8* null, align 8, !dbg !35
@.str.1 = private unnamed_addr constant [4 x i8] c"two\00", align 1
@msg_b = dso_local global i8* null, align 8, !dbg !39
@scratch = dso_local global [8 x i8] zeroinitializer, align 1, !dbg !29
@msg_c = dso_local global i8* null, align 8, !dbg !41
@table = dso_local global [2 x i8*] zeroinitializer, align 16, !dbg !43

; Function Attrs: noinline nounwind uwtable
define dso_local i8* @pick(i8* noundef %0) #0 !dbg !56 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !60, metadata !DIExpression()), !dbg !61
  ret i8* %0, !dbg !62
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind uwtable
define dso_local void @fields() #0 !dbg !63 {
  %1 = alloca %struct.a, align 8
  %2 = alloca %struct.b, align 8
  %3 = alloca %struct.derived, align 8
  %4 = alloca %union.u, align 8
  %5 = alloca [64 x i8], align 16
  call void @llvm.dbg.declare(metadata %struct.a* %1, metadata !66, metadata !DIExpression()), !dbg !71
  call void @llvm.dbg.declare(metadata %struct.b* %2, metadata !72, metadata !DIExpression()), !dbg !78
  call void @llvm.dbg.declare(metadata %struct.derived* %3, metadata !79, metadata !DIExpression()), !dbg !84
  call void @llvm.dbg.declare(metadata %union.u* %4, metadata !85, metadata !DIExpression()), !dbg !90
  call void @llvm.dbg.declare(metadata [64 x i8]* %5, metadata !91, metadata !DIExpression()), !dbg !95
  %6 = bitcast %struct.a* %1 to i8*, !dbg !96
  %7 = call i8* @pick(i8* noundef %6), !dbg !97
  %8 = bitcast i8* %7 to %struct.a*, !dbg !97
  call void @llvm.dbg.value(metadata %struct.a* %8, metadata !98, metadata !DIExpression()), !dbg !100
  %9 = bitcast %struct.b* %2 to i8*, !dbg !101
  %10 = call i8* @pick(i8* noundef %9), !dbg !102
  %11 = bitcast i8* %10 to %struct.b*, !dbg !102
  call void @llvm.dbg.value(metadata %struct.b* %11, metadata !103, metadata !DIExpression()), !dbg !100
  %12 = bitcast %struct.derived* %3 to i8*, !dbg !105
  %13 = call i8* @pick(i8* noundef %12), !dbg !106
  %14 = bitcast i8* %13 to %struct.a*, !dbg !106
  call void @llvm.dbg.value(metadata %struct.a* %14, metadata !107, metadata !DIExpression()), !dbg !100
  %15 = bitcast %union.u* %4 to i8*, !dbg !108
  %16 = call i8* @pick(i8* noundef %15), !dbg !109
  %17 = bitcast i8* %16 to %struct.b*, !dbg !109
  call void @llvm.dbg.value(metadata %struct.b* %17, metadata !110, metadata !DIExpression()), !dbg !100
  %18 = getelementptr inbounds [64 x i8], [64 x i8]* %5, i64 0, i64 0, !dbg !111
  %19 = call i8* @pick(i8* noundef %18), !dbg !112
  %20 = bitcast i8* %19 to %struct.a*, !dbg !112
  call void @llvm.dbg.value(metadata %struct.a* %20, metadata !113, metadata !DIExpression()), !dbg !100
  %21 = getelementptr inbounds %struct.a, %struct.a* %8, i32 0, i32 1, !dbg !114
  store i32* @i1, i32** %21, align 8, !dbg !115
  %22 = getelementptr inbounds %struct.b, %struct.b* %11, i32 0, i32 2, !dbg !116
  store i32* @i2, i32** %22, align 8, !dbg !117
  %23 = getelementptr inbounds %struct.a, %struct.a* %14, i32 0, i32 1, !dbg !118
  store i32* @i3, i32** %23, align 8, !dbg !119
  %24 = getelementptr inbounds %struct.b, %struct.b* %17, i32 0, i32 1, !dbg !120
  store i32* @i4, i32** %24, align 8, !dbg !121
  %25 = getelementptr inbounds %struct.a, %struct.a* %20, i32 0, i32 0, !dbg !122
  store i32* @i5, i32** %25, align 8, !dbg !123
  %26 = getelementptr inbounds %struct.a, %struct.a* %1, i32 0, i32 1, !dbg !124
  %27 = load i32*, i32** %26, align 8, !dbg !124
  store i32* %27, i32** @a_y, align 8, !dbg !125
  %28 = getelementptr inbounds %struct.b, %struct.b* %2, i32 0, i32 1, !dbg !126
  %29 = load i32*, i32** %28, align 8, !dbg !126
  store i32* %29, i32** @b_q, align 8, !dbg !127
  %30 = getelementptr inbounds %struct.b, %struct.b* %2, i32 0, i32 2, !dbg !128
  %31 = load i32*, i32** %30, align 8, !dbg !128
  store i32* %31, i32** @b_r, align 8, !dbg !129
  %32 = getelementptr inbounds %struct.derived, %struct.derived* %3, i32 0, i32 0, !dbg !130
  %33 = getelementptr inbounds %struct.a, %struct.a* %32, i32 0, i32 1, !dbg !131
  %34 = load i32*, i32** %33, align 8, !dbg !131
  store i32* %34, i32** @d_y, align 8, !dbg !132
  %35 = bitcast %union.u* %4 to %struct.b*, !dbg !133
  %36 = getelementptr inbounds %struct.b, %struct.b* %35, i32 0, i32 2, !dbg !134
  %37 = load i32*, i32** %36, align 8, !dbg !134
  store i32* %37, i32** @u_r, align 8, !dbg !135
  %38 = getelementptr inbounds %struct.a, %struct.a* %8, i32 0, i32 0, !dbg !136
  %39 = load i32*, i32** %38, align 8, !dbg !136
  store i32* %39, i32** @c_1, align 8, !dbg !137
  ret void, !dbg !138
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @strings() #0 !dbg !139 {
  store i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i8** @msg_a, align 8, !dbg !140
  store i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i64 0, i64 0), i8** @msg_b, align 8, !dbg !141
  store i8* getelementptr inbounds ([8 x i8], [8 x i8]* @scratch, i64 0, i64 0), i8** @msg_c, align 8, !dbg !142
  ret void, !dbg !143
}

; Function Attrs: noinline nounwind uwtable
define dso_local i8* @pick_code(i8* noundef %0) #0 !dbg !144 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !145, metadata !DIExpression()), !dbg !146
  ret i8* %0, !dbg !147
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @one(i32* noundef %0) #0 !dbg !148 {
  call void @llvm.dbg.value(metadata i32* %0, metadata !151, metadata !DIExpression()), !dbg !152
  %2 = icmp ne i32* %0, null, !dbg !153
  %3 = zext i1 %2 to i32, !dbg !153
  ret i32 %3, !dbg !154
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @two(i32* noundef %0, i32* noundef %1) #0 !dbg !155 {
  call void @llvm.dbg.value(metadata i32* %0, metadata !158, metadata !DIExpression()), !dbg !159
  call void @llvm.dbg.value(metadata i32* %1, metadata !160, metadata !DIExpression()), !dbg !159
  %3 = icmp eq i32* %0, %1, !dbg !161
  %4 = zext i1 %3 to i32, !dbg !161
  ret i32 %4, !dbg !162
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @call_one(i32* noundef %0) #0 !dbg !163 {
  call void @llvm.dbg.value(metadata i32* %0, metadata !164, metadata !DIExpression()), !dbg !165
  store i8* bitcast (i32 (i32*)* @one to i8*), i8** getelementptr inbounds ([2 x i8*], [2 x i8*]* @table, i64 0, i64 0), align 16, !dbg !166
  store i8* bitcast (i32 (i32*, i32*)* @two to i8*), i8** getelementptr inbounds ([2 x i8*], [2 x i8*]* @table, i64 0, i64 1), align 8, !dbg !167
  %2 = icmp ne i32* %0, null, !dbg !168
  %3 = zext i1 %2 to i32, !dbg !168
  %4 = sext i32 %3 to i64, !dbg !169
  %5 = getelementptr inbounds [2 x i8*], [2 x i8*]* @table, i64 0, i64 %4, !dbg !169
  %6 = load i8*, i8** %5, align 8, !dbg !169
  %7 = call i8* @pick_code(i8* noundef %6), !dbg !170
  %8 = bitcast i8* %7 to i32 (i32*)*, !dbg !170
  call void @llvm.dbg.value(metadata i32 (i32*)* %8, metadata !171, metadata !DIExpression()), !dbg !165
  %9 = call i32 %8(i32* noundef %0), !dbg !173
  ret i32 %9, !dbg !174
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!48, !49, !50, !51, !52, !53, !54}
!llvm.ident = !{!55}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "i1", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "field_types.c", directory: ".", checksumkind: CSK_MD5, checksum: "1589dd8533f46101411c2ae062501892")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !{!0, !7, !10, !12, !14, !16, !19, !21, !23, !25, !27, !29, !35, !39, !41, !43}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(name: "i2", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "i3", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "i4", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "i5", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "a_y", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64)
!19 = !DIGlobalVariableExpression(var: !20, expr: !DIExpression())
!20 = distinct !DIGlobalVariable(name: "b_q", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "b_r", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!23 = !DIGlobalVariableExpression(var: !24, expr: !DIExpression())
!24 = distinct !DIGlobalVariable(name: "d_y", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!25 = !DIGlobalVariableExpression(var: !26, expr: !DIExpression())
!26 = distinct !DIGlobalVariable(name: "u_r", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!27 = !DIGlobalVariableExpression(var: !28, expr: !DIExpression())
!28 = distinct !DIGlobalVariable(name: "c_1", scope: !2, file: !3, line: 17, type: !18, isLocal: false, isDefinition: true)
!29 = !DIGlobalVariableExpression(var: !30, expr: !DIExpression())
!30 = distinct !DIGlobalVariable(name: "scratch", scope: !2, file: !3, line: 45, type: !31, isLocal: false, isDefinition: true)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !32, size: 64, elements: !33)
!32 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!33 = !{!34}
!34 = !DISubrange(count: 8)
!35 = !DIGlobalVariableExpression(var: !36, expr: !DIExpression())
!36 = distinct !DIGlobalVariable(name: "msg_a", scope: !2, file: !3, line: 46, type: !37, isLocal: false, isDefinition: true)
!37 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !38, size: 64)
!38 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !32)
!39 = !DIGlobalVariableExpression(var: !40, expr: !DIExpression())
!40 = distinct !DIGlobalVariable(name: "msg_b", scope: !2, file: !3, line: 46, type: !37, isLocal: false, isDefinition: true)
!41 = !DIGlobalVariableExpression(var: !42, expr: !DIExpression())
!42 = distinct !DIGlobalVariable(name: "msg_c", scope: !2, file: !3, line: 46, type: !37, isLocal: false, isDefinition: true)
!43 = !DIGlobalVariableExpression(var: !44, expr: !DIExpression())
!44 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 59, type: !45, isLocal: false, isDefinition: true)
!45 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 128, elements: !46)
!46 = !{!47}
!47 = !DISubrange(count: 2)
!48 = !{i32 7, !"Dwarf Version", i32 5}
!49 = !{i32 2, !"Debug Info Version", i32 3}
!50 = !{i32 1, !"wchar_size", i32 4}
!51 = !{i32 7, !"PIC Level", i32 2}
!52 = !{i32 7, !"PIE Level", i32 2}
!53 = !{i32 7, !"uwtable", i32 1}
!54 = !{i32 7, !"frame-pointer", i32 2}
!55 = !{!"Debian clang version 14.0.6"}
!56 = distinct !DISubprogram(name: "pick", scope: !3, file: !3, line: 15, type: !57, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!57 = !DISubroutineType(types: !58)
!58 = !{!5, !5}
!59 = !{}
!60 = !DILocalVariable(name: "v", arg: 1, scope: !56, file: !3, line: 15, type: !5)
!61 = !DILocation(line: 0, scope: !56)
!62 = !DILocation(line: 15, column: 23, scope: !56)
!63 = distinct !DISubprogram(name: "fields", scope: !3, file: !3, line: 19, type: !64, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!64 = !DISubroutineType(types: !65)
!65 = !{null}
!66 = !DILocalVariable(name: "A", scope: !63, file: !3, line: 20, type: !67)
!67 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "a", file: !3, line: 7, size: 128, elements: !68)
!68 = !{!69, !70}
!69 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !67, file: !3, line: 7, baseType: !18, size: 64)
!70 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !67, file: !3, line: 7, baseType: !18, size: 64, offset: 64)
!71 = !DILocation(line: 20, column: 12, scope: !63)
!72 = !DILocalVariable(name: "B", scope: !63, file: !3, line: 21, type: !73)
!73 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "b", file: !3, line: 8, size: 192, elements: !74)
!74 = !{!75, !76, !77}
!75 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !73, file: !3, line: 8, baseType: !18, size: 64)
!76 = !DIDerivedType(tag: DW_TAG_member, name: "q", scope: !73, file: !3, line: 8, baseType: !18, size: 64, offset: 64)
!77 = !DIDerivedType(tag: DW_TAG_member, name: "r", scope: !73, file: !3, line: 8, baseType: !18, size: 64, offset: 128)
!78 = !DILocation(line: 21, column: 12, scope: !63)
!79 = !DILocalVariable(name: "D", scope: !63, file: !3, line: 22, type: !80)
!80 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "derived", file: !3, line: 9, size: 192, elements: !81)
!81 = !{!82, !83}
!82 = !DIDerivedType(tag: DW_TAG_member, name: "base", scope: !80, file: !3, line: 9, baseType: !67, size: 128)
!83 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !80, file: !3, line: 9, baseType: !18, size: 64, offset: 128)
!84 = !DILocation(line: 22, column: 18, scope: !63)
!85 = !DILocalVariable(name: "U", scope: !63, file: !3, line: 23, type: !86)
!86 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "u", file: !3, line: 10, size: 192, elements: !87)
!87 = !{!88, !89}
!88 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !86, file: !3, line: 10, baseType: !67, size: 128)
!89 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !86, file: !3, line: 10, baseType: !73, size: 192)
!90 = !DILocation(line: 23, column: 11, scope: !63)
!91 = !DILocalVariable(name: "buf", scope: !63, file: !3, line: 24, type: !92)
!92 = !DICompositeType(tag: DW_TAG_array_type, baseType: !32, size: 512, elements: !93)
!93 = !{!94}
!94 = !DISubrange(count: 64)
!95 = !DILocation(line: 24, column: 8, scope: !63)
!96 = !DILocation(line: 25, column: 23, scope: !63)
!97 = !DILocation(line: 25, column: 18, scope: !63)
!98 = !DILocalVariable(name: "pa", scope: !63, file: !3, line: 25, type: !99)
!99 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !67, size: 64)
!100 = !DILocation(line: 0, scope: !63)
!101 = !DILocation(line: 26, column: 23, scope: !63)
!102 = !DILocation(line: 26, column: 18, scope: !63)
!103 = !DILocalVariable(name: "pb", scope: !63, file: !3, line: 26, type: !104)
!104 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !73, size: 64)
!105 = !DILocation(line: 27, column: 23, scope: !63)
!106 = !DILocation(line: 27, column: 18, scope: !63)
!107 = !DILocalVariable(name: "pd", scope: !63, file: !3, line: 27, type: !99)
!108 = !DILocation(line: 28, column: 23, scope: !63)
!109 = !DILocation(line: 28, column: 18, scope: !63)
!110 = !DILocalVariable(name: "pu", scope: !63, file: !3, line: 28, type: !104)
!111 = !DILocation(line: 29, column: 23, scope: !63)
!112 = !DILocation(line: 29, column: 18, scope: !63)
!113 = !DILocalVariable(name: "pc", scope: !63, file: !3, line: 29, type: !99)
!114 = !DILocation(line: 30, column: 7, scope: !63)
!115 = !DILocation(line: 30, column: 9, scope: !63)
!116 = !DILocation(line: 31, column: 7, scope: !63)
!117 = !DILocation(line: 31, column: 9, scope: !63)
!118 = !DILocation(line: 32, column: 7, scope: !63)
!119 = !DILocation(line: 32, column: 9, scope: !63)
!120 = !DILocation(line: 33, column: 7, scope: !63)
!121 = !DILocation(line: 33, column: 9, scope: !63)
!122 = !DILocation(line: 34, column: 7, scope: !63)
!123 = !DILocation(line: 34, column: 9, scope: !63)
!124 = !DILocation(line: 35, column: 11, scope: !63)
!125 = !DILocation(line: 35, column: 7, scope: !63)
!126 = !DILocation(line: 36, column: 11, scope: !63)
!127 = !DILocation(line: 36, column: 7, scope: !63)
!128 = !DILocation(line: 37, column: 11, scope: !63)
!129 = !DILocation(line: 37, column: 7, scope: !63)
!130 = !DILocation(line: 38, column: 11, scope: !63)
!131 = !DILocation(line: 38, column: 16, scope: !63)
!132 = !DILocation(line: 38, column: 7, scope: !63)
!133 = !DILocation(line: 39, column: 11, scope: !63)
!134 = !DILocation(line: 39, column: 13, scope: !63)
!135 = !DILocation(line: 39, column: 7, scope: !63)
!136 = !DILocation(line: 40, column: 13, scope: !63)
!137 = !DILocation(line: 40, column: 7, scope: !63)
!138 = !DILocation(line: 41, column: 1, scope: !63)
!139 = distinct !DISubprogram(name: "strings", scope: !3, file: !3, line: 47, type: !64, scopeLine: 47, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!140 = !DILocation(line: 48, column: 9, scope: !139)
!141 = !DILocation(line: 49, column: 9, scope: !139)
!142 = !DILocation(line: 50, column: 9, scope: !139)
!143 = !DILocation(line: 51, column: 1, scope: !139)
!144 = distinct !DISubprogram(name: "pick_code", scope: !3, file: !3, line: 56, type: !57, scopeLine: 56, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!145 = !DILocalVariable(name: "v", arg: 1, scope: !144, file: !3, line: 56, type: !5)
!146 = !DILocation(line: 0, scope: !144)
!147 = !DILocation(line: 56, column: 28, scope: !144)
!148 = distinct !DISubprogram(name: "one", scope: !3, file: !3, line: 57, type: !149, scopeLine: 57, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!149 = !DISubroutineType(types: !150)
!150 = !{!9, !18}
!151 = !DILocalVariable(name: "p", arg: 1, scope: !148, file: !3, line: 57, type: !18)
!152 = !DILocation(line: 0, scope: !148)
!153 = !DILocation(line: 57, column: 28, scope: !148)
!154 = !DILocation(line: 57, column: 19, scope: !148)
!155 = distinct !DISubprogram(name: "two", scope: !3, file: !3, line: 58, type: !156, scopeLine: 58, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!156 = !DISubroutineType(types: !157)
!157 = !{!9, !18, !18}
!158 = !DILocalVariable(name: "p", arg: 1, scope: !155, file: !3, line: 58, type: !18)
!159 = !DILocation(line: 0, scope: !155)
!160 = !DILocalVariable(name: "q", arg: 2, scope: !155, file: !3, line: 58, type: !18)
!161 = !DILocation(line: 58, column: 36, scope: !155)
!162 = !DILocation(line: 58, column: 27, scope: !155)
!163 = distinct !DISubprogram(name: "call_one", scope: !3, file: !3, line: 60, type: !149, scopeLine: 60, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !59)
!164 = !DILocalVariable(name: "x", arg: 1, scope: !163, file: !3, line: 60, type: !18)
!165 = !DILocation(line: 0, scope: !163)
!166 = !DILocation(line: 61, column: 12, scope: !163)
!167 = !DILocation(line: 62, column: 12, scope: !163)
!168 = !DILocation(line: 63, column: 39, scope: !163)
!169 = !DILocation(line: 63, column: 31, scope: !163)
!170 = !DILocation(line: 63, column: 21, scope: !163)
!171 = !DILocalVariable(name: "f", scope: !163, file: !3, line: 63, type: !172)
!172 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !149, size: 64)
!173 = !DILocation(line: 64, column: 10, scope: !163)
!174 = !DILocation(line: 64, column: 3, scope: !163)
