; Opaque-pointer syntax (LLVM 15+): `ptr` everywhere.
@gp = global ptr null

define ptr @op(ptr noundef %p, ptr noundef %fp) {
entry:
  %v = load ptr, ptr %p, align 8
  %c = call ptr %fp(ptr %v)
  %d = tail call ptr @op(ptr %c, ptr @op)
  store ptr %d, ptr @gp, align 8
  br i1 true, label %exit, label %"odd name"

"odd name":
  indirectbr ptr blockaddress(@op, %exit), [label %exit]

exit:
  %r = phi ptr [ %d, %entry ], [ null, %"odd name" ]
  ret ptr %r
}
