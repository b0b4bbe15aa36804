/* Direct flow: each source's data straight into a command sink in one function.
 * The good halves take the command from a constant (Juliet's "good source"). */
#include "taint_suite.h"

void direct_getenv_system_bad(void) {
    char *cmd = getenv("SUITE_CMD");
    system(cmd); /* BAD */
}

void direct_getenv_system_good(void) {
    char *cmd = "ls -l";
    system(cmd); /* GOOD */
}

void direct_fgets_popen_bad(void) {
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    FILE *p = popen(line, "r"); /* BAD */
    if (p)
        pclose(p);
}

void direct_fgets_popen_good(void) {
    char line[128] = "date";
    FILE *p = popen(line, "r"); /* GOOD */
    if (p)
        pclose(p);
}

void direct_read_execl_bad(void) {
    char buf[128];
    ssize_t n = read(input_fd(), buf, sizeof buf - 1);
    if (n <= 0)
        return;
    buf[n] = '\0';
    execl("/bin/sh", "sh", "-c", buf, (char *)NULL); /* BAD */
}

void direct_read_execl_good(void) {
    char buf[128] = "uptime";
    execl("/bin/sh", "sh", "-c", buf, (char *)NULL); /* GOOD */
}

void direct_recv_system_bad(void) {
    char buf[256];
    ssize_t n = recv(input_socket(), buf, sizeof buf - 1, 0);
    if (n <= 0)
        return;
    buf[n] = '\0';
    system(buf); /* BAD */
}

void direct_recv_system_good(void) {
    char buf[256] = "whoami";
    system(buf); /* GOOD */
}

void direct_fread_popen_bad(void) {
    char buf[128];
    size_t n = fread(buf, 1, sizeof buf - 1, input_file());
    buf[n] = '\0';
    FILE *p = popen(buf, "w"); /* BAD */
    if (p)
        pclose(p);
}

void direct_fread_popen_good(void) {
    char buf[128] = "cat";
    FILE *p = popen(buf, "w"); /* GOOD */
    if (p)
        pclose(p);
}

void direct_scanf_system_bad(void) {
    char word[64];
    if (scanf("%63s", word) != 1)
        return;
    system(word); /* BAD */
}

void direct_scanf_system_good(void) {
    char word[64] = "true";
    system(word); /* GOOD */
}

void direct_fscanf_execlp_bad(void) {
    char prog[64];
    if (fscanf(input_file(), "%63s", prog) != 1)
        return;
    execlp(prog, prog, (char *)NULL); /* BAD */
}

void direct_fscanf_execlp_good(void) {
    char prog[64] = "id";
    execlp(prog, prog, (char *)NULL); /* GOOD */
}
