/* Globals: one function stores into a global, another passes it to the sink.
 * Separate globals for the bad and the good halves. */
#include "taint_suite.h"

static char *g_cmd_bad;
static char *g_cmd_good;
static char g_line_bad[128];
static char g_line_good[128] = "date";

static void global_fill_bad(void) {
    g_cmd_bad = getenv("SUITE_CMD");
}

static void global_fill_good(void) {
    use_str(getenv("SUITE_CMD"));
    g_cmd_good = "ls";
}

void global_pointer_bad(void) {
    global_fill_bad();
    system(g_cmd_bad); /* BAD */
}

void global_pointer_good(void) {
    global_fill_good();
    system(g_cmd_good); /* GOOD */
}

static void global_read_line(char *dst, size_t n) {
    if (fgets(dst, (int)n, stdin) == NULL)
        dst[0] = '\0';
}

void global_buffer_bad(void) {
    global_read_line(g_line_bad, sizeof g_line_bad);
    system(g_line_bad); /* BAD */
}

void global_buffer_good(void) {
    char local[128];
    global_read_line(local, sizeof local);
    use_str(local);
    system(g_line_good); /* GOOD */
}
