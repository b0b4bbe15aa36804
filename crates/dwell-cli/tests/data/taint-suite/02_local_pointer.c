/* Through locals and pointers: copies of a pointer, a pointer into a buffer,
 * a pointer to a pointer, pointer arithmetic. The good halves read the source
 * too, but the sink gets another value. */
#include "taint_suite.h"

void local_copy_bad(void) {
    char *env = getenv("SUITE_CMD");
    char *cmd = env;
    system(cmd); /* BAD */
}

void local_copy_good(void) {
    char *env = getenv("SUITE_CMD");
    char *cmd = "ls";
    use_str(env);
    system(cmd); /* GOOD */
}

void pointer_to_buffer_bad(void) {
    char buf[128];
    char *p = buf;
    if (fgets(p, sizeof buf, stdin) == NULL)
        return;
    system(buf); /* BAD */
}

void pointer_to_buffer_good(void) {
    char buf[128];
    char other[128] = "date";
    char *p = buf;
    if (fgets(p, sizeof buf, stdin) == NULL)
        return;
    use_str(buf);
    system(other); /* GOOD */
}

void pointer_to_pointer_bad(void) {
    char *data = "ls";
    char **pp = &data;
    *pp = getenv("SUITE_CMD");
    system(data); /* BAD */
}

void pointer_to_pointer_good(void) {
    char *data = "ls";
    char *env = getenv("SUITE_CMD");
    char **pp = &env;
    use_str(*pp);
    system(data); /* GOOD */
}

void pointer_arith_bad(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    char *cmd = line + 2;
    system(cmd); /* BAD */
}

void pointer_arith_good(void) {
    char line[128];
    static char fixed[] = "# uptime";
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    use_str(line + 2);
    char *cmd = fixed + 2;
    system(cmd); /* GOOD */
}
