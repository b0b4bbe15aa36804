/* Constant commands while tainted data sits in another variable, and tainted
 * data overwritten before the sink (and the reverse: overwritten by tainted). */
#include "taint_suite.h"

void const_cmd_conditional_bad(void) {
    char *env = getenv("SUITE_CMD");
    char *cmd = "ls";
    if (env != NULL)
        cmd = env;
    system(cmd); /* BAD */
}

void const_cmd_other_variable_good(void) {
    char *env = getenv("SUITE_CMD");
    use_str(env);
    system("ls -l"); /* GOOD */
}

void overwrite_pointer_good(void) {
    char *cmd = getenv("SUITE_CMD");
    use_str(cmd);
    cmd = "date";
    system(cmd); /* GOOD */
}

void overwrite_pointer_bad(void) {
    char *cmd = "date";
    use_str(cmd);
    cmd = getenv("SUITE_CMD");
    system(cmd); /* BAD */
}

void overwrite_buffer_good(void) {
    char buf[128];
    if (fgets(buf, sizeof buf, stdin) == NULL)
        return;
    use_str(buf);
    snprintf(buf, sizeof buf, "%s", "uptime");
    system(buf); /* GOOD */
}

void overwrite_buffer_bad(void) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s", "uptime");
    use_str(buf);
    if (fgets(buf, sizeof buf, stdin) == NULL)
        return;
    system(buf); /* BAD */
}

void overwrite_length_good(void) {
    char dst[32];
    char src[256];
    size_t n = 0;
    if (read(input_fd(), &n, sizeof n) != (ssize_t)sizeof n)
        return;
    if (fgets(src, sizeof src, stdin) == NULL)
        return;
    use_int((long)n);
    n = strlen(src) < sizeof dst ? strlen(src) : sizeof dst - 1;
    memcpy(dst, src, n); /* GOOD */
    use_buf(dst, sizeof dst);
}

void overwrite_length_bad(void) {
    char dst[32];
    char src[256];
    size_t n = sizeof dst;
    if (fgets(src, sizeof src, stdin) == NULL)
        return;
    use_int((long)n);
    if (read(input_fd(), &n, sizeof n) != (ssize_t)sizeof n)
        return;
    memcpy(dst, src, n); /* BAD */
    use_buf(dst, sizeof dst);
}
