/* Across calls: a helper's return value, an out-parameter, two call levels
 * up (returns) and down (arguments). Each half has its own sink line. */
#include "taint_suite.h"

static char *calls_get_env(void) {
    return getenv("SUITE_CMD");
}

static char *calls_get_const(void) {
    return "ls";
}

void calls_return_bad(void) {
    char *cmd = calls_get_env();
    system(cmd); /* BAD */
}

void calls_return_good(void) {
    char *cmd = calls_get_const();
    system(cmd); /* GOOD */
}

static void calls_read_into(char *out, size_t n) {
    if (fgets(out, (int)n, stdin) == NULL)
        out[0] = '\0';
}

static void calls_fill_const(char *out, size_t n) {
    snprintf(out, n, "%s", "uptime");
}

void calls_out_param_bad(void) {
    char cmd[128];
    calls_read_into(cmd, sizeof cmd);
    system(cmd); /* BAD */
}

void calls_out_param_good(void) {
    char cmd[128];
    calls_fill_const(cmd, sizeof cmd);
    system(cmd); /* GOOD */
}

static char *calls_level2_env(void) {
    return getenv("SUITE_CMD");
}

static char *calls_level1_env(void) {
    return calls_level2_env();
}

static char *calls_level2_const(void) {
    use_str(getenv("SUITE_CMD"));
    return "date";
}

static char *calls_level1_const(void) {
    return calls_level2_const();
}

void calls_two_levels_up_bad(void) {
    system(calls_level1_env()); /* BAD */
}

void calls_two_levels_up_good(void) {
    system(calls_level1_const()); /* GOOD */
}

static void calls_sink2_bad(const char *cmd) {
    system(cmd); /* BAD */
}

static void calls_sink1_bad(const char *cmd) {
    calls_sink2_bad(cmd);
}

static void calls_sink2_good(const char *cmd) {
    system(cmd); /* GOOD */
}

static void calls_sink1_good(const char *cmd) {
    calls_sink2_good(cmd);
}

void calls_two_levels_down_bad(void) {
    calls_sink1_bad(getenv("SUITE_CMD"));
}

void calls_two_levels_down_good(void) {
    use_str(getenv("SUITE_CMD"));
    calls_sink1_good("id");
}

static void calls_out_param2_inner(char **out) {
    *out = getenv("SUITE_CMD");
}

static void calls_out_param2_outer(char **out) {
    calls_out_param2_inner(out);
}

void calls_out_pointer_bad(void) {
    char *cmd = "ls";
    calls_out_param2_outer(&cmd);
    system(cmd); /* BAD */
}

void calls_out_pointer_good(void) {
    char *cmd = "ls";
    char *env = NULL;
    calls_out_param2_outer(&env);
    use_str(env);
    system(cmd); /* GOOD */
}
