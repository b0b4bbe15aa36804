/* dwell test fixture: a small command-line tool with known taint flows.
 * Compiled by scripts/taint-fixture.sh; the lines marked FLOW / NO FLOW are
 * what crates/dwell-cli/tests/sarif.rs checks (by the marker, not by number). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>

static void log_msg(const char *m) { fprintf(stderr, "%s\n", m); }

/* Only letters: a name that passes is safe inside a shell command. */
static int is_safe_name(const char *s) {
    for (; s && *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
            return 0;
    return s != NULL;
}

static int cmd_env(void) {
    const char *cmd = getenv("DEMO_CMD");
    log_msg("running the configured command");
    return system(cmd); /* FLOW getenv -> system */
}

static int cmd_read(int fd) {
    char buf[256], pkt[64];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0)
        return 1;
    memcpy(pkt, buf, (size_t)n); /* FLOW read -> memcpy */
    return pkt[0];
}

static int cmd_recv(int sock) {
    char buf[512], hdr[16];
    ssize_t n = recv(sock, buf, sizeof buf, 0);
    if (n < 0)
        return 1;
    memcpy(hdr, buf + 4, (size_t)n - 4); /* FLOW recv -> memcpy */
    return hdr[0];
}

static int cmd_safe(void) {
    char line[128];
    const char *user = getenv("USER");
    if (!is_safe_name(user))
        return 1;
    snprintf(line, sizeof line, "id %s", user);
    return system(line); /* NO FLOW: every path passes is_safe_name */
}

int main(int argc, char **argv) {
    log_msg("starting");
    system("date"); /* NO FLOW (context-sensitive): runs before any input */
    if (argc < 2)
        return 2;
    switch (argv[1][0]) {
    case 'e':
        return cmd_env();
    case 'r':
        return cmd_read(0);
    case 'n':
        return cmd_recv(3);
    case 's':
        return cmd_safe();
    }
    return 0;
}
