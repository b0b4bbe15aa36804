/* Fixture for tests/custom_alloc.rs: a program's own allocator. pool_alloc
 * hands out parts of one static array, so points-to sees one object behind
 * all its results, and the environment string copied into one buffer seems
 * to reach the other's command; a model naming pool_alloc an allocator
 * (`--models`) gives each call its own object. custom_alloc.ll is
 * `clang-14 -g -O0 -S -emit-llvm custom_alloc.c` (Debian clang 14.0.6). */
#include <stdlib.h>
#include <string.h>

static char pool[4096];
static size_t used;

char *pool_alloc(size_t n) {
  char *p = pool + used;
  used += n;
  return p;
}

int main(void) {
  char *secret = pool_alloc(64);
  char *plain = pool_alloc(64);
  strncpy(secret, getenv("HOME"), 63);
  strcpy(plain, "ls");
  system(plain); /* clean: only the model sees it */
  system(secret); /* tainted either way */
  return 0;
}
