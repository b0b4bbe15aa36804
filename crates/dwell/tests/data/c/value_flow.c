/* Fixture for the reader's value-flow ops (tests/program_ops.rs): value_flow.O0.ll and
 * value_flow.O2.ll are `clang-14 -S -emit-llvm -g -O0|-O2 value_flow.c` (Debian clang 14.0.6). */
#include <stdlib.h>
#include <string.h>
struct S { int n; char *p; char buf[8]; };
struct S g;
void use(char *);
void keep(char *s) { use(s); }
void (*tbl[2])(char*) = {use, keep};
char *h(struct S *s, int k) {
  char *cmd = getenv("X");
  s->p = cmd;
  if (k > 2) cmd = s->buf; 
  return k ? cmd : s->p;
}
void run(int i) { tbl[i](h(&g, i)); }
