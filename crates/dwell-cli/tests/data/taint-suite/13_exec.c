/* The exec family with an argument vector: tainted data as an argv element or
 * as the program path. */
#include "taint_suite.h"

void exec_argv_bad(void) {
    char *data = getenv("SUITE_CMD");
    char *argv[4] = {"sh", "-c", data, NULL};
    execvp("sh", argv); /* BAD */
}

void exec_argv_good(void) {
    char *data = getenv("SUITE_CMD");
    char *argv[4] = {"sh", "-c", "ls", NULL};
    use_str(data);
    execvp("sh", argv); /* GOOD */
}

void exec_path_bad(void) {
    char path[128];
    char *argv[2] = {"tool", NULL};
    if (fgets(path, sizeof path, stdin) == NULL)
        return;
    execv(path, argv); /* BAD */
}

void exec_path_good(void) {
    char path[128];
    char *argv[2] = {"tool", NULL};
    if (fgets(path, sizeof path, stdin) == NULL)
        return;
    use_str(path);
    execv("/usr/bin/true", argv); /* GOOD */
}

void exec_env_bad(void) {
    char line[128];
    char *argv[2] = {"env", NULL};
    char *envp[2] = {line, NULL};
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    execve("/usr/bin/env", argv, envp); /* BAD */
}

void exec_env_good(void) {
    char line[128];
    char *argv[2] = {"env", NULL};
    char *envp[2] = {"LANG=C", NULL};
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    use_str(line);
    execve("/usr/bin/env", argv, envp); /* GOOD */
}
