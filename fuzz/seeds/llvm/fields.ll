%struct.io = type { i32, void ()*, void ()* }
%struct.cfg = type { i32, %struct.io, [2 x %struct.io], %union.u }
%union.u = type { i8* }
@m = internal constant %struct.io { i32 1, void ()* @a, void ()* @b }, align 8
@tab = internal constant [2 x %struct.io] [%struct.io { i32 0, void ()* @a, void ()* null }, %struct.io { i32 1, void ()* null, void ()* @b }]
@lit = internal constant { i32, i8* } { i32 3, i8* bitcast (void ()* @a to i8*) }
@cfg = internal global %struct.cfg zeroinitializer, align 8
@p = global i8* bitcast (void ()** getelementptr inbounds (%struct.io, %struct.io* @m, i32 0, i32 2) to i8*)
define void @a() {
  ret void
}
define void @b() {
  ret void
}
define void @run(%struct.io* %p, i1 %c) {
entry:
  %f = getelementptr inbounds %struct.io, %struct.io* %p, i32 0, i32 2
  %g = load void ()*, void ()** %f
  call void %g()
  %h = load void ()*, void ()** getelementptr inbounds (%struct.io, %struct.io* @m, i32 0, i32 1)
  %s = select i1 %c, void ()* %h, void ()* %g
  call void %s()
  %t = load void ()*, void ()** getelementptr inbounds ([2 x %struct.io], [2 x %struct.io]* @tab, i64 0, i64 1, i32 2)
  call void %t()
  %q = bitcast %struct.cfg* @cfg to i8*
  %r = bitcast %struct.io* %p to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %q, i8* %r, i64 24, i1 false)
  %w = load void ()*, void ()** getelementptr inbounds (%struct.cfg, %struct.cfg* @cfg, i32 0, i32 1, i32 1)
  call void %w()
  ret void
}
define void @main() {
  call void @run(%struct.io* @m, i1 true)
  call void @run(%struct.io* getelementptr inbounds ([2 x %struct.io], [2 x %struct.io]* @tab, i64 0, i64 0), i1 false)
  ret void
}
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
