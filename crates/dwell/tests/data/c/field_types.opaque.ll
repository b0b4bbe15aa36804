; ModuleID = 'field_types.c'
source_filename = "field_types.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.a = type { ptr, ptr }
%struct.b = type { ptr, ptr, ptr }
%struct.derived = type { %struct.a, ptr }
%union.u = type { %struct.b }

@i1 = dso_local global i32 0, align 4, !dbg !0
@i2 = dso_local global i32 0, align 4, !dbg !5
@i3 = dso_local global i32 0, align 4, !dbg !8
@i4 = dso_local global i32 0, align 4, !dbg !10
@i5 = dso_local global i32 0, align 4, !dbg !12
@a_y = dso_local global ptr null, align 8, !dbg !14
@b_q = dso_local global ptr null, align 8, !dbg !17
@b_r = dso_local global ptr null, align 8, !dbg !19
@d_y = dso_local global ptr null, align 8, !dbg !21
@u_r = dso_local global ptr null, align 8, !dbg !23
@c_1 = dso_local global ptr null, align 8, !dbg !25

; Function Attrs: noinline nounwind uwtable
define dso_local ptr @pick(ptr noundef %0) #0 !dbg !35 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !40, metadata !DIExpression()), !dbg !41
  ret ptr %0, !dbg !42
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind uwtable
define dso_local void @fields() #0 !dbg !43 {
  %1 = alloca %struct.a, align 8
  %2 = alloca %struct.b, align 8
  %3 = alloca %struct.derived, align 8
  %4 = alloca %union.u, align 8
  %5 = alloca [64 x i8], align 16
  call void @llvm.dbg.declare(metadata ptr %1, metadata !46, metadata !DIExpression()), !dbg !51
  call void @llvm.dbg.declare(metadata ptr %2, metadata !52, metadata !DIExpression()), !dbg !58
  call void @llvm.dbg.declare(metadata ptr %3, metadata !59, metadata !DIExpression()), !dbg !64
  call void @llvm.dbg.declare(metadata ptr %4, metadata !65, metadata !DIExpression()), !dbg !70
  call void @llvm.dbg.declare(metadata ptr %5, metadata !71, metadata !DIExpression()), !dbg !76
  %6 = bitcast ptr %1 to ptr, !dbg !77
  %7 = call ptr @pick(ptr noundef %6), !dbg !78
  %8 = bitcast ptr %7 to ptr, !dbg !78
  call void @llvm.dbg.value(metadata ptr %8, metadata !79, metadata !DIExpression()), !dbg !81
  %9 = bitcast ptr %2 to ptr, !dbg !82
  %10 = call ptr @pick(ptr noundef %9), !dbg !83
  %11 = bitcast ptr %10 to ptr, !dbg !83
  call void @llvm.dbg.value(metadata ptr %11, metadata !84, metadata !DIExpression()), !dbg !81
  %12 = bitcast ptr %3 to ptr, !dbg !86
  %13 = call ptr @pick(ptr noundef %12), !dbg !87
  %14 = bitcast ptr %13 to ptr, !dbg !87
  call void @llvm.dbg.value(metadata ptr %14, metadata !88, metadata !DIExpression()), !dbg !81
  %15 = bitcast ptr %4 to ptr, !dbg !89
  %16 = call ptr @pick(ptr noundef %15), !dbg !90
  %17 = bitcast ptr %16 to ptr, !dbg !90
  call void @llvm.dbg.value(metadata ptr %17, metadata !91, metadata !DIExpression()), !dbg !81
  %18 = getelementptr inbounds [64 x i8], ptr %5, i64 0, i64 0, !dbg !92
  %19 = call ptr @pick(ptr noundef %18), !dbg !93
  %20 = bitcast ptr %19 to ptr, !dbg !93
  call void @llvm.dbg.value(metadata ptr %20, metadata !94, metadata !DIExpression()), !dbg !81
  %21 = getelementptr inbounds %struct.a, ptr %8, i32 0, i32 1, !dbg !95
  store ptr @i1, ptr %21, align 8, !dbg !96
  %22 = getelementptr inbounds %struct.b, ptr %11, i32 0, i32 2, !dbg !97
  store ptr @i2, ptr %22, align 8, !dbg !98
  %23 = getelementptr inbounds %struct.a, ptr %14, i32 0, i32 1, !dbg !99
  store ptr @i3, ptr %23, align 8, !dbg !100
  %24 = getelementptr inbounds %struct.b, ptr %17, i32 0, i32 1, !dbg !101
  store ptr @i4, ptr %24, align 8, !dbg !102
  %25 = getelementptr inbounds %struct.a, ptr %20, i32 0, i32 0, !dbg !103
  store ptr @i5, ptr %25, align 8, !dbg !104
  %26 = getelementptr inbounds %struct.a, ptr %1, i32 0, i32 1, !dbg !105
  %27 = load ptr, ptr %26, align 8, !dbg !105
  store ptr %27, ptr @a_y, align 8, !dbg !106
  %28 = getelementptr inbounds %struct.b, ptr %2, i32 0, i32 1, !dbg !107
  %29 = load ptr, ptr %28, align 8, !dbg !107
  store ptr %29, ptr @b_q, align 8, !dbg !108
  %30 = getelementptr inbounds %struct.b, ptr %2, i32 0, i32 2, !dbg !109
  %31 = load ptr, ptr %30, align 8, !dbg !109
  store ptr %31, ptr @b_r, align 8, !dbg !110
  %32 = getelementptr inbounds %struct.derived, ptr %3, i32 0, i32 0, !dbg !111
  %33 = getelementptr inbounds %struct.a, ptr %32, i32 0, i32 1, !dbg !112
  %34 = load ptr, ptr %33, align 8, !dbg !112
  store ptr %34, ptr @d_y, align 8, !dbg !113
  %35 = bitcast ptr %4 to ptr, !dbg !114
  %36 = getelementptr inbounds %struct.b, ptr %35, i32 0, i32 2, !dbg !115
  %37 = load ptr, ptr %36, align 8, !dbg !115
  store ptr %37, ptr @u_r, align 8, !dbg !116
  %38 = getelementptr inbounds %struct.a, ptr %8, i32 0, i32 0, !dbg !117
  %39 = load ptr, ptr %38, align 8, !dbg !117
  store ptr %39, ptr @c_1, align 8, !dbg !118
  ret void, !dbg !119
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!27, !28, !29, !30, !31, !32, !33}
!llvm.ident = !{!34}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "i1", scope: !2, file: !3, line: 9, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "field_types.c", directory: ".", checksumkind: CSK_MD5, checksum: "b5a7f3459d12d8bc368027045549067e")
!4 = !{!0, !5, !8, !10, !12, !14, !17, !19, !21, !23, !25}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "i2", scope: !2, file: !3, line: 9, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "i3", scope: !2, file: !3, line: 9, type: !7, isLocal: false, isDefinition: true)
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "i4", scope: !2, file: !3, line: 9, type: !7, isLocal: false, isDefinition: true)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "i5", scope: !2, file: !3, line: 9, type: !7, isLocal: false, isDefinition: true)
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "a_y", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(name: "b_q", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!19 = !DIGlobalVariableExpression(var: !20, expr: !DIExpression())
!20 = distinct !DIGlobalVariable(name: "b_r", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "d_y", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!23 = !DIGlobalVariableExpression(var: !24, expr: !DIExpression())
!24 = distinct !DIGlobalVariable(name: "u_r", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!25 = !DIGlobalVariableExpression(var: !26, expr: !DIExpression())
!26 = distinct !DIGlobalVariable(name: "c_1", scope: !2, file: !3, line: 15, type: !16, isLocal: false, isDefinition: true)
!27 = !{i32 7, !"Dwarf Version", i32 5}
!28 = !{i32 2, !"Debug Info Version", i32 3}
!29 = !{i32 1, !"wchar_size", i32 4}
!30 = !{i32 7, !"PIC Level", i32 2}
!31 = !{i32 7, !"PIE Level", i32 2}
!32 = !{i32 7, !"uwtable", i32 1}
!33 = !{i32 7, !"frame-pointer", i32 2}
!34 = !{!"Debian clang version 14.0.6"}
!35 = distinct !DISubprogram(name: "pick", scope: !3, file: !3, line: 13, type: !36, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !39)
!36 = !DISubroutineType(types: !37)
!37 = !{!38, !38}
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!39 = !{}
!40 = !DILocalVariable(name: "v", arg: 1, scope: !35, file: !3, line: 13, type: !38)
!41 = !DILocation(line: 0, scope: !35)
!42 = !DILocation(line: 13, column: 23, scope: !35)
!43 = distinct !DISubprogram(name: "fields", scope: !3, file: !3, line: 17, type: !44, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !39)
!44 = !DISubroutineType(types: !45)
!45 = !{null}
!46 = !DILocalVariable(name: "A", scope: !43, file: !3, line: 18, type: !47)
!47 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "a", file: !3, line: 5, size: 128, elements: !48)
!48 = !{!49, !50}
!49 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !47, file: !3, line: 5, baseType: !16, size: 64)
!50 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !47, file: !3, line: 5, baseType: !16, size: 64, offset: 64)
!51 = !DILocation(line: 18, column: 12, scope: !43)
!52 = !DILocalVariable(name: "B", scope: !43, file: !3, line: 19, type: !53)
!53 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "b", file: !3, line: 6, size: 192, elements: !54)
!54 = !{!55, !56, !57}
!55 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !53, file: !3, line: 6, baseType: !16, size: 64)
!56 = !DIDerivedType(tag: DW_TAG_member, name: "q", scope: !53, file: !3, line: 6, baseType: !16, size: 64, offset: 64)
!57 = !DIDerivedType(tag: DW_TAG_member, name: "r", scope: !53, file: !3, line: 6, baseType: !16, size: 64, offset: 128)
!58 = !DILocation(line: 19, column: 12, scope: !43)
!59 = !DILocalVariable(name: "D", scope: !43, file: !3, line: 20, type: !60)
!60 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "derived", file: !3, line: 7, size: 192, elements: !61)
!61 = !{!62, !63}
!62 = !DIDerivedType(tag: DW_TAG_member, name: "base", scope: !60, file: !3, line: 7, baseType: !47, size: 128)
!63 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !60, file: !3, line: 7, baseType: !16, size: 64, offset: 128)
!64 = !DILocation(line: 20, column: 18, scope: !43)
!65 = !DILocalVariable(name: "U", scope: !43, file: !3, line: 21, type: !66)
!66 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "u", file: !3, line: 8, size: 192, elements: !67)
!67 = !{!68, !69}
!68 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !66, file: !3, line: 8, baseType: !47, size: 128)
!69 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !66, file: !3, line: 8, baseType: !53, size: 192)
!70 = !DILocation(line: 21, column: 11, scope: !43)
!71 = !DILocalVariable(name: "buf", scope: !43, file: !3, line: 22, type: !72)
!72 = !DICompositeType(tag: DW_TAG_array_type, baseType: !73, size: 512, elements: !74)
!73 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!74 = !{!75}
!75 = !DISubrange(count: 64)
!76 = !DILocation(line: 22, column: 8, scope: !43)
!77 = !DILocation(line: 23, column: 23, scope: !43)
!78 = !DILocation(line: 23, column: 18, scope: !43)
!79 = !DILocalVariable(name: "pa", scope: !43, file: !3, line: 23, type: !80)
!80 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64)
!81 = !DILocation(line: 0, scope: !43)
!82 = !DILocation(line: 24, column: 23, scope: !43)
!83 = !DILocation(line: 24, column: 18, scope: !43)
!84 = !DILocalVariable(name: "pb", scope: !43, file: !3, line: 24, type: !85)
!85 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !53, size: 64)
!86 = !DILocation(line: 25, column: 23, scope: !43)
!87 = !DILocation(line: 25, column: 18, scope: !43)
!88 = !DILocalVariable(name: "pd", scope: !43, file: !3, line: 25, type: !80)
!89 = !DILocation(line: 26, column: 23, scope: !43)
!90 = !DILocation(line: 26, column: 18, scope: !43)
!91 = !DILocalVariable(name: "pu", scope: !43, file: !3, line: 26, type: !85)
!92 = !DILocation(line: 27, column: 23, scope: !43)
!93 = !DILocation(line: 27, column: 18, scope: !43)
!94 = !DILocalVariable(name: "pc", scope: !43, file: !3, line: 27, type: !80)
!95 = !DILocation(line: 28, column: 7, scope: !43)
!96 = !DILocation(line: 28, column: 9, scope: !43)
!97 = !DILocation(line: 29, column: 7, scope: !43)
!98 = !DILocation(line: 29, column: 9, scope: !43)
!99 = !DILocation(line: 30, column: 7, scope: !43)
!100 = !DILocation(line: 30, column: 9, scope: !43)
!101 = !DILocation(line: 31, column: 7, scope: !43)
!102 = !DILocation(line: 31, column: 9, scope: !43)
!103 = !DILocation(line: 32, column: 7, scope: !43)
!104 = !DILocation(line: 32, column: 9, scope: !43)
!105 = !DILocation(line: 33, column: 11, scope: !43)
!106 = !DILocation(line: 33, column: 7, scope: !43)
!107 = !DILocation(line: 34, column: 11, scope: !43)
!108 = !DILocation(line: 34, column: 7, scope: !43)
!109 = !DILocation(line: 35, column: 11, scope: !43)
!110 = !DILocation(line: 35, column: 7, scope: !43)
!111 = !DILocation(line: 36, column: 11, scope: !43)
!112 = !DILocation(line: 36, column: 16, scope: !43)
!113 = !DILocation(line: 36, column: 7, scope: !43)
!114 = !DILocation(line: 37, column: 11, scope: !43)
!115 = !DILocation(line: 37, column: 13, scope: !43)
!116 = !DILocation(line: 37, column: 7, scope: !43)
!117 = !DILocation(line: 38, column: 13, scope: !43)
!118 = !DILocation(line: 38, column: 7, scope: !43)
!119 = !DILocation(line: 39, column: 1, scope: !43)
