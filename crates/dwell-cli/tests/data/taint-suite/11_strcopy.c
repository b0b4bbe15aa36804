/* Copies through strcpy / strcat / snprintf / sprintf into another buffer,
 * then a command sink. strcpy, strcat and sprintf into a fixed buffer are sinks
 * themselves (an unbounded copy): tainted data there is BAD, constants GOOD. */
#include "taint_suite.h"

void strcopy_strcpy_bad(void) {
    char cmd[64];
    char *env = getenv("SUITE_CMD");
    if (env == NULL)
        return;
    strcpy(cmd, env); /* BAD */
    system(cmd); /* BAD */
}

void strcopy_strcpy_good(void) {
    char cmd[64];
    char *env = getenv("SUITE_CMD");
    use_str(env);
    strcpy(cmd, "ls -l"); /* GOOD */
    system(cmd); /* GOOD */
}

void strcopy_strcat_bad(void) {
    char cmd[64];
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    strcpy(cmd, "ls "); /* GOOD */
    strcat(cmd, line); /* BAD */
    system(cmd); /* BAD */
}

void strcopy_strcat_good(void) {
    char cmd[64];
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    use_str(line);
    strcpy(cmd, "ls "); /* GOOD */
    strcat(cmd, "-la"); /* GOOD */
    system(cmd); /* GOOD */
}

void strcopy_snprintf_bad(void) {
    char cmd[128];
    char *user = getenv("USER");
    snprintf(cmd, sizeof cmd, "id %s", user);
    system(cmd); /* BAD */
}

void strcopy_snprintf_good(void) {
    char cmd[128];
    char *user = getenv("USER");
    use_str(user);
    snprintf(cmd, sizeof cmd, "id %s", "root");
    system(cmd); /* GOOD */
}

void strcopy_sprintf_bad(void) {
    char cmd[64];
    char word[64];
    if (scanf("%63s", word) != 1)
        return;
    sprintf(cmd, "ls %s", word); /* BAD */
    system(cmd); /* BAD */
}

void strcopy_sprintf_good(void) {
    char cmd[64];
    char word[64];
    if (scanf("%63s", word) != 1)
        return;
    use_str(word);
    sprintf(cmd, "ls %s", "-a"); /* GOOD */
    system(cmd); /* GOOD */
}

void strcopy_fixed_buffer_bad(void) {
    char small[16];
    char line[256];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    strcpy(small, line); /* BAD */
    use_str(small);
}

void strcopy_fixed_buffer_good(void) {
    char small[16];
    char line[256];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    strncpy(small, line, sizeof small - 1); /* GOOD */
    small[sizeof small - 1] = '\0';
    use_str(small);
}
