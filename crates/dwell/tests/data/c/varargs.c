/* Fixture for variadic arguments (tests/varargs.rs): varargs.O0.ll and varargs.O2.ll are
 * `clang-14 -S -emit-llvm -g -O0|-O2 -fdebug-prefix-map=$PWD=. varargs.c` (Debian clang
 * 14.0.6). A command passed through `...` reaches `system` by `va_arg`, directly and through
 * a `va_list` handed to another function, and through a `va_copy` of it. */
#include <stdarg.h>
#include <stdlib.h>

void run_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *cmd = va_arg(ap, char *);
  va_end(ap);
  system(cmd);
}

static void vrun(int n, va_list ap) {
  while (n-- > 0) {
    char *cmd = va_arg(ap, char *);
    system(cmd);
  }
}

void run_all(int n, ...) {
  va_list ap;
  va_start(ap, n);
  vrun(n, ap);
  va_end(ap);
}

void run_copy(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  va_end(ap);
  char *cmd = va_arg(aq, char *);
  va_end(aq);
  system(cmd);
}

void from_env(void) { run_fmt("%s", getenv("CMD")); }
void from_env_list(void) { run_all(2, "date", getenv("CMD2")); }
void from_env_copy(void) { run_copy(1, getenv("CMD3")); }
