; ModuleID = 'field_types.c'
source_filename = "field_types.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.a = type { i32*, i32* }
%struct.b = type { i32*, i32*, i32* }
%struct.derived = type { %struct.a, i32* }
%union.u = type { %struct.b }

@i1 = dso_local global i32 0, align 4, !dbg !0
@i2 = dso_local global i32 0, align 4, !dbg !5
@i3 = dso_local global i32 0, align 4, !dbg !8
@i4 = dso_local global i32 0, align 4, !dbg !10
@i5 = dso_local global i32 0, align 4, !dbg !12
@a_y = dso_local global i32* null, align 8, !dbg !14
@b_q = dso_local global i32* null, align 8, !dbg !17
@b_r = dso_local global i32* null, align 8, !dbg !19
@d_y = dso_local global i32* null, align 8, !dbg !21
@u_r = dso_local global i32* null, align 8, !dbg !23
@c_1 = dso_local global i32* null, align 8, !dbg !25
@.str = private unnamed_addr constant [4 x i8] c"one\00", align 1
@msg_a = dso_local global i8* null, align 8, !dbg !33
@.str.1 = private unnamed_addr constant [4 x i8] c"two\00", align 1
@msg_b = dso_local global i8* null, align 8, !dbg !37
@scratch = dso_local global [8 x i8] zeroinitializer, align 1, !dbg !27
@msg_c = dso_local global i8* null, align 8, !dbg !39

; Function Attrs: noinline nounwind uwtable
define dso_local i8* @pick(i8* noundef %0) #0 !dbg !49 {
  call void @llvm.dbg.value(metadata i8* %0, metadata !54, metadata !DIExpression()), !dbg !55
  ret i8* %0, !dbg !56
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind uwtable
define dso_local void @fields() #0 !dbg !57 {
  %1 = alloca %struct.a, align 8
  %2 = alloca %struct.b, align 8
  %3 = alloca %struct.derived, align 8
  %4 = alloca %union.u, align 8
  %5 = alloca [64 x i8], align 16
  call void @llvm.dbg.declare(metadata %struct.a* %1, metadata !60, metadata !DIExpression()), !dbg !65
  call void @llvm.dbg.declare(metadata %struct.b* %2, metadata !66, metadata !DIExpression()), !dbg !72
  call void @llvm.dbg.declare(metadata %struct.derived* %3, metadata !73, metadata !DIExpression()), !dbg !78
  call void @llvm.dbg.declare(metadata %union.u* %4, metadata !79, metadata !DIExpression()), !dbg !84
  call void @llvm.dbg.declare(metadata [64 x i8]* %5, metadata !85, metadata !DIExpression()), !dbg !89
  %6 = bitcast %struct.a* %1 to i8*, !dbg !90
  %7 = call i8* @pick(i8* noundef %6), !dbg !91
  %8 = bitcast i8* %7 to %struct.a*, !dbg !91
  call void @llvm.dbg.value(metadata %struct.a* %8, metadata !92, metadata !DIExpression()), !dbg !94
  %9 = bitcast %struct.b* %2 to i8*, !dbg !95
  %10 = call i8* @pick(i8* noundef %9), !dbg !96
  %11 = bitcast i8* %10 to %struct.b*, !dbg !96
  call void @llvm.dbg.value(metadata %struct.b* %11, metadata !97, metadata !DIExpression()), !dbg !94
  %12 = bitcast %struct.derived* %3 to i8*, !dbg !99
  %13 = call i8* @pick(i8* noundef %12), !dbg !100
  %14 = bitcast i8* %13 to %struct.a*, !dbg !100
  call void @llvm.dbg.value(metadata %struct.a* %14, metadata !101, metadata !DIExpression()), !dbg !94
  %15 = bitcast %union.u* %4 to i8*, !dbg !102
  %16 = call i8* @pick(i8* noundef %15), !dbg !103
  %17 = bitcast i8* %16 to %struct.b*, !dbg !103
  call void @llvm.dbg.value(metadata %struct.b* %17, metadata !104, metadata !DIExpression()), !dbg !94
  %18 = getelementptr inbounds [64 x i8], [64 x i8]* %5, i64 0, i64 0, !dbg !105
  %19 = call i8* @pick(i8* noundef %18), !dbg !106
  %20 = bitcast i8* %19 to %struct.a*, !dbg !106
  call void @llvm.dbg.value(metadata %struct.a* %20, metadata !107, metadata !DIExpression()), !dbg !94
  %21 = getelementptr inbounds %struct.a, %struct.a* %8, i32 0, i32 1, !dbg !108
  store i32* @i1, i32** %21, align 8, !dbg !109
  %22 = getelementptr inbounds %struct.b, %struct.b* %11, i32 0, i32 2, !dbg !110
  store i32* @i2, i32** %22, align 8, !dbg !111
  %23 = getelementptr inbounds %struct.a, %struct.a* %14, i32 0, i32 1, !dbg !112
  store i32* @i3, i32** %23, align 8, !dbg !113
  %24 = getelementptr inbounds %struct.b, %struct.b* %17, i32 0, i32 1, !dbg !114
  store i32* @i4, i32** %24, align 8, !dbg !115
  %25 = getelementptr inbounds %struct.a, %struct.a* %20, i32 0, i32 0, !dbg !116
  store i32* @i5, i32** %25, align 8, !dbg !117
  %26 = getelementptr inbounds %struct.a, %struct.a* %1, i32 0, i32 1, !dbg !118
  %27 = load i32*, i32** %26, align 8, !dbg !118
  store i32* %27, i32** @a_y, align 8, !dbg !119
  %28 = getelementptr inbounds %struct.b, %struct.b* %2, i32 0, i32 1, !dbg !120
  %29 = load i32*, i32** %28, align 8, !dbg !120
  store i32* %29, i32** @b_q, align 8, !dbg !121
  %30 = getelementptr inbounds %struct.b, %struct.b* %2, i32 0, i32 2, !dbg !122
  %31 = load i32*, i32** %30, align 8, !dbg !122
  store i32* %31, i32** @b_r, align 8, !dbg !123
  %32 = getelementptr inbounds %struct.derived, %struct.derived* %3, i32 0, i32 0, !dbg !124
  %33 = getelementptr inbounds %struct.a, %struct.a* %32, i32 0, i32 1, !dbg !125
  %34 = load i32*, i32** %33, align 8, !dbg !125
  store i32* %34, i32** @d_y, align 8, !dbg !126
  %35 = bitcast %union.u* %4 to %struct.b*, !dbg !127
  %36 = getelementptr inbounds %struct.b, %struct.b* %35, i32 0, i32 2, !dbg !128
  %37 = load i32*, i32** %36, align 8, !dbg !128
  store i32* %37, i32** @u_r, align 8, !dbg !129
  %38 = getelementptr inbounds %struct.a, %struct.a* %8, i32 0, i32 0, !dbg !130
  %39 = load i32*, i32** %38, align 8, !dbg !130
  store i32* %39, i32** @c_1, align 8, !dbg !131
  ret void, !dbg !132
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @strings() #0 !dbg !133 {
  store i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i8** @msg_a, align 8, !dbg !134
  store i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i64 0, i64 0), i8** @msg_b, align 8, !dbg !135
  store i8* getelementptr inbounds ([8 x i8], [8 x i8]* @scratch, i64 0, i64 0), i8** @msg_c, align 8, !dbg !136
  ret void, !dbg !137
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!41, !42, !43, !44, !45, !46, !47}
!llvm.ident = !{!48}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "i1", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "field_types.c", directory: ".", checksumkind: CSK_MD5, checksum: "dd005d46a42577be246e136bcdfe7b94")
!4 = !{!0, !5, !8, !10, !12, !14, !17, !19, !21, !23, !25, !27, !33, !37, !39}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "i2", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "i3", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "i4", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "i5", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "a_y", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(name: "b_q", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!19 = !DIGlobalVariableExpression(var: !20, expr: !DIExpression())
!20 = distinct !DIGlobalVariable(name: "b_r", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "d_y", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!23 = !DIGlobalVariableExpression(var: !24, expr: !DIExpression())
!24 = distinct !DIGlobalVariable(name: "u_r", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!25 = !DIGlobalVariableExpression(var: !26, expr: !DIExpression())
!26 = distinct !DIGlobalVariable(name: "c_1", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!27 = !DIGlobalVariableExpression(var: !28, expr: !DIExpression())
!28 = distinct !DIGlobalVariable(name: "scratch", scope: !2, file: !3, line: 45, type: !29, isLocal: false, isDefinition: true)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 64, elements: !31)
!30 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!31 = !{!32}
!32 = !DISubrange(count: 8)
!33 = !DIGlobalVariableExpression(var: !34, expr: !DIExpression())
!34 = distinct !DIGlobalVariable(name: "msg_a", scope: !2, file: !3, line: 46, type: !35, isLocal: false, isDefinition: true)
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !36, size: 64)
!36 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !30)
!37 = !DIGlobalVariableExpression(var: !38, expr: !DIExpression())
!38 = distinct !DIGlobalVariable(name: "msg_b", scope: !2, file: !3, line: 46, type: !35, isLocal: false, isDefinition: true)
!39 = !DIGlobalVariableExpression(var: !40, expr: !DIExpression())
!40 = distinct !DIGlobalVariable(name: "msg_c", scope: !2, file: !3, line: 46, type: !35, isLocal: false, isDefinition: true)
!41 = !{i32 7, !"Dwarf Version", i32 5}
!42 = !{i32 2, !"Debug Info Version", i32 3}
!43 = !{i32 1, !"wchar_size", i32 4}
!44 = !{i32 7, !"PIC Level", i32 2}
!45 = !{i32 7, !"PIE Level", i32 2}
!46 = !{i32 7, !"uwtable", i32 1}
!47 = !{i32 7, !"frame-pointer", i32 2}
!48 = !{!"Debian clang version 14.0.6"}
!49 = distinct !DISubprogram(name: "pick", scope: !3, file: !3, line: 15, type: !50, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !53)
!50 = !DISubroutineType(types: !51)
!51 = !{!52, !52}
!52 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!53 = !{}
!54 = !DILocalVariable(name: "v", arg: 1, scope: !49, file: !3, line: 15, type: !52)
!55 = !DILocation(line: 0, scope: !49)
!56 = !DILocation(line: 15, column: 23, scope: !49)
!57 = distinct !DISubprogram(name: "fields", scope: !3, file: !3, line: 19, type: !58, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !53)
!58 = !DISubroutineType(types: !59)
!59 = !{null}
!60 = !DILocalVariable(name: "A", scope: !57, file: !3, line: 20, type: !61)
!61 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "a", file: !3, line: 7, size: 128, elements: !62)
!62 = !{!63, !64}
!63 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !61, file: !3, line: 7, baseType: !16, size: 64)
!64 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !61, file: !3, line: 7, baseType: !16, size: 64, offset: 64)
!65 = !DILocation(line: 20, column: 12, scope: !57)
!66 = !DILocalVariable(name: "B", scope: !57, file: !3, line: 21, type: !67)
!67 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "b", file: !3, line: 8, size: 192, elements: !68)
!68 = !{!69, !70, !71}
!69 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !67, file: !3, line: 8, baseType: !16, size: 64)
!70 = !DIDerivedType(tag: DW_TAG_member, name: "q", scope: !67, file: !3, line: 8, baseType: !16, size: 64, offset: 64)
!71 = !DIDerivedType(tag: DW_TAG_member, name: "r", scope: !67, file: !3, line: 8, baseType: !16, size: 64, offset: 128)
!72 = !DILocation(line: 21, column: 12, scope: !57)
!73 = !DILocalVariable(name: "D", scope: !57, file: !3, line: 22, type: !74)
!74 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "derived", file: !3, line: 9, size: 192, elements: !75)
!75 = !{!76, !77}
!76 = !DIDerivedType(tag: DW_TAG_member, name: "base", scope: !74, file: !3, line: 9, baseType: !61, size: 128)
!77 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !74, file: !3, line: 9, baseType: !16, size: 64, offset: 128)
!78 = !DILocation(line: 22, column: 18, scope: !57)
!79 = !DILocalVariable(name: "U", scope: !57, file: !3, line: 23, type: !80)
!80 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "u", file: !3, line: 10, size: 192, elements: !81)
!81 = !{!82, !83}
!82 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !80, file: !3, line: 10, baseType: !61, size: 128)
!83 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !80, file: !3, line: 10, baseType: !67, size: 192)
!84 = !DILocation(line: 23, column: 11, scope: !57)
!85 = !DILocalVariable(name: "buf", scope: !57, file: !3, line: 24, type: !86)
!86 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 512, elements: !87)
!87 = !{!88}
!88 = !DISubrange(count: 64)
!89 = !DILocation(line: 24, column: 8, scope: !57)
!90 = !DILocation(line: 25, column: 23, scope: !57)
!91 = !DILocation(line: 25, column: 18, scope: !57)
!92 = !DILocalVariable(name: "pa", scope: !57, file: !3, line: 25, type: !93)
!93 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !61, size: 64)
!94 = !DILocation(line: 0, scope: !57)
!95 = !DILocation(line: 26, column: 23, scope: !57)
!96 = !DILocation(line: 26, column: 18, scope: !57)
!97 = !DILocalVariable(name: "pb", scope: !57, file: !3, line: 26, type: !98)
!98 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !67, size: 64)
!99 = !DILocation(line: 27, column: 23, scope: !57)
!100 = !DILocation(line: 27, column: 18, scope: !57)
!101 = !DILocalVariable(name: "pd", scope: !57, file: !3, line: 27, type: !93)
!102 = !DILocation(line: 28, column: 23, scope: !57)
!103 = !DILocation(line: 28, column: 18, scope: !57)
!104 = !DILocalVariable(name: "pu", scope: !57, file: !3, line: 28, type: !98)
!105 = !DILocation(line: 29, column: 23, scope: !57)
!106 = !DILocation(line: 29, column: 18, scope: !57)
!107 = !DILocalVariable(name: "pc", scope: !57, file: !3, line: 29, type: !93)
!108 = !DILocation(line: 30, column: 7, scope: !57)
!109 = !DILocation(line: 30, column: 9, scope: !57)
!110 = !DILocation(line: 31, column: 7, scope: !57)
!111 = !DILocation(line: 31, column: 9, scope: !57)
!112 = !DILocation(line: 32, column: 7, scope: !57)
!113 = !DILocation(line: 32, column: 9, scope: !57)
!114 = !DILocation(line: 33, column: 7, scope: !57)
!115 = !DILocation(line: 33, column: 9, scope: !57)
!116 = !DILocation(line: 34, column: 7, scope: !57)
!117 = !DILocation(line: 34, column: 9, scope: !57)
!118 = !DILocation(line: 35, column: 11, scope: !57)
!119 = !DILocation(line: 35, column: 7, scope: !57)
!120 = !DILocation(line: 36, column: 11, scope: !57)
!121 = !DILocation(line: 36, column: 7, scope: !57)
!122 = !DILocation(line: 37, column: 11, scope: !57)
!123 = !DILocation(line: 37, column: 7, scope: !57)
!124 = !DILocation(line: 38, column: 11, scope: !57)
!125 = !DILocation(line: 38, column: 16, scope: !57)
!126 = !DILocation(line: 38, column: 7, scope: !57)
!127 = !DILocation(line: 39, column: 11, scope: !57)
!128 = !DILocation(line: 39, column: 13, scope: !57)
!129 = !DILocation(line: 39, column: 7, scope: !57)
!130 = !DILocation(line: 40, column: 13, scope: !57)
!131 = !DILocation(line: 40, column: 7, scope: !57)
!132 = !DILocation(line: 41, column: 1, scope: !57)
!133 = distinct !DISubprogram(name: "strings", scope: !3, file: !3, line: 47, type: !58, scopeLine: 47, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !53)
!134 = !DILocation(line: 48, column: 9, scope: !133)
!135 = !DILocation(line: 49, column: 9, scope: !133)
!136 = !DILocation(line: 50, column: 9, scope: !133)
!137 = !DILocation(line: 51, column: 1, scope: !133)
