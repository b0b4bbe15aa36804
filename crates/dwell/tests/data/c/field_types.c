/* Fixture for points-to's type-filtered field offsets (tests/points_to_types.rs):
 * field_types.typed.ll is `clang-14 -S -emit-llvm -g -O0 -Xclang -disable-O0-optnone
 * -fdebug-prefix-map=$PWD=. field_types.c` then `opt-14 -S -passes=mem2reg` (Debian clang
 * 14.0.6); field_types.opaque.ll the same with opaque pointers (`-Xclang -opaque-pointers`,
 * `opt-14 -opaque-pointers`). mem2reg leaves
 * pointers as SSA values: only the structs stay in memory. */
struct a { int *x; int *y; };
struct b { int *p; int *q; int *r; };
struct derived { struct a base; int *z; };
union u { struct a a; struct b b; };
int i1, i2, i3, i4, i5;

/* One function returns every pointer it is given: a pointer of either
 * struct type points to every object passed to it. */
void *pick(void *v) { return v; }

int *a_y, *b_q, *b_r, *d_y, *u_r, *c_1;

void fields(void) {
  struct a A;
  struct b B;
  struct derived D;
  union u U;
  char buf[64];
  struct a *pa = pick(&A);
  struct b *pb = pick(&B);
  struct a *pd = pick(&D);
  struct b *pu = pick(&U);
  struct a *pc = pick(buf);
  pa->y = &i1; /* struct a's field 1: A.y, not B.q, U or buf */
  pb->r = &i2; /* struct b's field 2: B.r and U (a union holds either) */
  pd->y = &i3; /* D starts with a struct a: D.base.y */
  pu->q = &i4;
  pc->x = &i5; /* a byte buffer holds no struct: dropped */
  a_y = A.y;
  b_q = B.q;
  b_r = B.r;
  d_y = D.base.y;
  u_r = U.b.r;
  c_1 = pa->x;
}

/* String literals hold no address: one object for all of them. A writable
 * array stays its own. */
char scratch[8];
const char *msg_a, *msg_b, *msg_c;
void strings(void) {
  msg_a = "one";
  msg_b = "two";
  msg_c = scratch;
}

/* Both functions reach `f` through `void *` (a function of its own, so that
 * the structs above stay apart); the call passes one argument, so only
 * `one` can be its callee. */
void *pick_code(void *v) { return v; }
int one(int *p) { return p != 0; }
int two(int *p, int *q) { return p == q; }
void *table[2];
int call_one(int *x) {
  table[0] = (void *)one;
  table[1] = (void *)two;
  int (*f)(int *) = pick_code(table[x != 0]);
  return f(x);
}
