/* Sanitizers (is_safe_cmd, len_ok): a verdict that guards the use cleans it;
 * a verdict ignored, a check of another variable, a check guarding one branch
 * only, or a wrapper that drops the verdict, does not. */
#include "taint_suite.h"

void sanitize_ignored_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    is_safe_cmd(cmd);
    system(cmd); /* BAD */
}

void sanitize_guarded_good(void) {
    char *cmd = getenv("SUITE_CMD");
    if (is_safe_cmd(cmd))
        system(cmd); /* GOOD */
}

void sanitize_other_variable_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    char *user = getenv("USER");
    if (is_safe_cmd(user))
        system(cmd); /* BAD */
}

void sanitize_early_return_good(void) {
    char *cmd = getenv("SUITE_CMD");
    if (!is_safe_cmd(cmd))
        return;
    system(cmd); /* GOOD */
}

void sanitize_one_branch_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    if (is_safe_cmd(cmd)) {
        system(cmd); /* GOOD */
    } else {
        FILE *p = popen(cmd, "r"); /* BAD */
        if (p)
            pclose(p);
    }
}

void sanitize_both_branches_good(void) {
    char *cmd = getenv("SUITE_CMD");
    if (is_safe_cmd(cmd)) {
        system(cmd); /* GOOD */
    } else {
        FILE *p = popen("echo rejected", "r"); /* GOOD */
        if (p)
            pclose(p);
    }
}

void sanitize_warn_only_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    if (!is_safe_cmd(cmd))
        use_str("warning: unsafe command");
    system(cmd); /* BAD */
}

static int sanitize_check(const char *s) {
    return is_safe_cmd(s);
}

static int sanitize_check_twice(const char *s) {
    return s != NULL && sanitize_check(s);
}

static int sanitize_check_broken(const char *s) {
    is_safe_cmd(s);
    return 1;
}

void sanitize_wrapper_good(void) {
    char *cmd = getenv("SUITE_CMD");
    if (sanitize_check(cmd))
        system(cmd); /* GOOD */
}

void sanitize_wrapper_broken_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    if (sanitize_check_broken(cmd))
        system(cmd); /* BAD */
}

void sanitize_wrapper2_good(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    if (!sanitize_check_twice(line))
        return;
    system(line); /* GOOD */
}

void sanitize_wrapper_ignored_bad(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    int ok = sanitize_check_twice(line);
    use_int(ok);
    system(line); /* BAD */
}

void sanitize_len_ignored_bad(void) {
    char dst[64];
    size_t n = 0;
    const char *src = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    if (fread(&n, sizeof n, 1, input_file()) != 1)
        return;
    len_ok(n, sizeof dst);
    memcpy(dst, src, n); /* BAD */
    use_buf(dst, sizeof dst);
}

void sanitize_len_guarded_good(void) {
    char dst[64];
    size_t n = 0;
    const char *src = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    if (fread(&n, sizeof n, 1, input_file()) != 1)
        return;
    if (!len_ok(n, sizeof dst))
        return;
    memcpy(dst, src, n); /* GOOD */
    use_buf(dst, sizeof dst);
}
