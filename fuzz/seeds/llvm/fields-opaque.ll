%struct.io = type { i32, ptr, ptr }
%struct.cfg = type { i32, %struct.io, [2 x %struct.io], %union.u }
%union.u = type { ptr }
@m = internal constant %struct.io { i32 1, ptr @a, ptr @b }, align 8
@tab = internal constant [2 x %struct.io] [%struct.io { i32 0, ptr @a, ptr null }, %struct.io { i32 1, ptr null, ptr @b }]
@lit = internal constant { i32, ptr } { i32 3, ptr bitcast (ptr @a to ptr) }
@cfg = internal global %struct.cfg zeroinitializer, align 8
@p = global ptr bitcast (ptr getelementptr inbounds (%struct.io, ptr @m, i32 0, i32 2) to ptr)
define void @a() {
  ret void
}
define void @b() {
  ret void
}
define void @run(ptr %p, i1 %c) {
entry:
  %f = getelementptr inbounds %struct.io, ptr %p, i32 0, i32 2
  %g = load ptr, ptr %f
  call void %g()
  %h = load ptr, ptr getelementptr inbounds (%struct.io, ptr @m, i32 0, i32 1)
  %s = select i1 %c, ptr %h, ptr %g
  call void %s()
  %t = load ptr, ptr getelementptr inbounds ([2 x %struct.io], ptr @tab, i64 0, i64 1, i32 2)
  call void %t()
  %q = bitcast ptr @cfg to ptr
  %r = bitcast ptr %p to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %r, i64 24, i1 false)
  %w = load ptr, ptr getelementptr inbounds (%struct.cfg, ptr @cfg, i32 0, i32 1, i32 1)
  call void %w()
  ret void
}
define void @main() {
  call void @run(ptr @m, i1 true)
  call void @run(ptr getelementptr inbounds ([2 x %struct.io], ptr @tab, i64 0, i64 0), i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
