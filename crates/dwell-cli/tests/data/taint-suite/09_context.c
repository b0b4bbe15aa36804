/* One helper called from a tainted and from a clean context: only the tainted
 * caller's result is tainted. */
#include "taint_suite.h"

static char *context_skip_blanks(char *s) {
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

void context_identity_bad(void) {
    char *cmd = context_skip_blanks(getenv("SUITE_CMD"));
    system(cmd); /* BAD */
}

void context_identity_good(void) {
    static char fixed[] = "  ls";
    char *cmd = context_skip_blanks(fixed);
    system(cmd); /* GOOD */
}

static void context_copy(char *dst, size_t n, const char *src) {
    snprintf(dst, n, "%s", src);
}

void context_copy_bad(void) {
    char cmd[128];
    context_copy(cmd, sizeof cmd, getenv("SUITE_CMD"));
    system(cmd); /* BAD */
}

void context_copy_good(void) {
    char cmd[128];
    char log[128];
    context_copy(log, sizeof log, getenv("SUITE_CMD"));
    use_str(log);
    context_copy(cmd, sizeof cmd, "date");
    system(cmd); /* GOOD */
}

/* A fixed size, not strlen(s) + 1: at -O2 clang turns snprintf(d, strlen(s) + 1,
 * "%s", s) into a memcpy whose length is input, a safe copy no length rule could
 * tell from an overflow. */
static char *context_dup(const char *s) {
    char *d = malloc(128);
    if (d)
        snprintf(d, 128, "%s", s);
    return d;
}

void context_dup_bad(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    char *cmd = context_dup(line);
    if (cmd)
        system(cmd); /* BAD */
    free(cmd);
}

void context_dup_good(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    char *copy = context_dup(line);
    char *cmd = context_dup("whoami");
    use_str(copy);
    if (cmd)
        system(cmd); /* GOOD */
    free(copy);
    free(cmd);
}
