/* Indirect calls: a function pointer and a table of them. The bad halves call
 * through pointers to functions that read a source; the good halves through
 * pointers to functions of the same type that do not. */
#include "taint_suite.h"

typedef char *(*getter_fn)(void);
typedef void (*runner_fn)(const char *);

static char *fnptr_env_cmd(void) {
    return getenv("SUITE_CMD");
}

static char *fnptr_env_shell(void) {
    return getenv("SHELL");
}

static char *fnptr_const_ls(void) {
    return "ls";
}

static char *fnptr_const_date(void) {
    return "date";
}

void fnptr_getter_bad(void) {
    getter_fn get = fnptr_env_cmd;
    system(get()); /* BAD */
}

void fnptr_getter_good(void) {
    getter_fn get = fnptr_const_ls;
    system(get()); /* GOOD */
}

static getter_fn const fnptr_table_bad[2] = {fnptr_env_cmd, fnptr_env_shell};
static getter_fn const fnptr_table_good[2] = {fnptr_const_ls, fnptr_const_date};

void fnptr_table_bad_case(int i) {
    system(fnptr_table_bad[i & 1]()); /* BAD */
}

void fnptr_table_good_case(int i) {
    system(fnptr_table_good[i & 1]()); /* GOOD */
}

static void fnptr_run_tainted(const char *cmd) {
    system(cmd); /* BAD */
}

static void fnptr_run_clean(const char *cmd) {
    system(cmd); /* GOOD */
}

void fnptr_runner_bad(void) {
    runner_fn run = fnptr_run_tainted;
    run(getenv("SUITE_CMD"));
}

void fnptr_runner_good(void) {
    runner_fn run = fnptr_run_clean;
    use_str(getenv("SUITE_CMD"));
    run("uptime");
}
