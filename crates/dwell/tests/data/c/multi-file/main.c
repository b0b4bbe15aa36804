/* Wires the units together: env -> relay -> system; stdin -> copy -> strcpy; a handler call. */
#include <stdio.h>
#include "multi.h"

int main(int argc, char **argv) {
    char line[128];
    char name[32];
    const char *cmd = relay(read_env());
    run_command(cmd);
    if (read_line(line, sizeof line) != NULL)
        relay_copy(name, line);
    dispatch(argc > 1 ? 0 : 1, argv[0]);
    dispatch(2, "done");
    verbose = 0;
    return 0;
}
