/* Loops: data copied byte by byte, sinks inside a read loop, a command built
 * up in a loop. */
#include "taint_suite.h"

void loop_byte_copy_bad(void) {
    char line[128];
    char cmd[128];
    size_t i;
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    for (i = 0; i + 1 < sizeof cmd && line[i] != '\0'; i++)
        cmd[i] = line[i];
    cmd[i] = '\0';
    system(cmd); /* BAD */
}

void loop_byte_copy_good(void) {
    static const char fixed[] = "uptime";
    char line[128];
    char cmd[128];
    size_t i;
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    use_str(line);
    for (i = 0; i + 1 < sizeof cmd && fixed[i] != '\0'; i++)
        cmd[i] = fixed[i];
    cmd[i] = '\0';
    system(cmd); /* GOOD */
}

void loop_read_lines_bad(void) {
    char line[128];
    while (fgets(line, sizeof line, stdin) != NULL)
        system(line); /* BAD */
}

void loop_read_lines_good(void) {
    static const char *const cmds[3] = {"date", "uptime", "id"};
    char line[128];
    int i = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        use_str(line);
        system(cmds[i++ % 3]); /* GOOD */
    }
}

void loop_build_bad(int words) {
    char cmd[256] = "echo";
    char word[32];
    for (int i = 0; i < words; i++) {
        if (scanf("%31s", word) != 1)
            break;
        strncat(cmd, word, sizeof cmd - strlen(cmd) - 1);
    }
    system(cmd); /* BAD */
}

void loop_build_good(int words) {
    char cmd[256] = "echo";
    char word[32];
    for (int i = 0; i < words; i++) {
        if (scanf("%31s", word) != 1)
            break;
        use_str(word);
        strncat(cmd, " x", sizeof cmd - strlen(cmd) - 1);
    }
    system(cmd); /* GOOD */
}
