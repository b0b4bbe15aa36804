/* Struct fields: the tainted field reaches the sink (bad) or the other, clean
 * field of the same struct does (good). */
#include "taint_suite.h"

struct job {
    char *cmd;
    char *name;
};

struct request {
    char line[128];
    char fixed[32];
};

struct outer {
    int id;
    struct job job;
};

void struct_field_bad(void) {
    struct job j;
    j.cmd = getenv("SUITE_CMD");
    j.name = "ls";
    system(j.cmd); /* BAD */
}

void struct_field_good(void) {
    struct job j;
    j.cmd = getenv("SUITE_CMD");
    j.name = "ls";
    use_str(j.cmd);
    system(j.name); /* GOOD */
}

void struct_heap_field_bad(void) {
    struct request *r = malloc(sizeof *r);
    if (!r)
        return;
    strcpy(r->fixed, "date"); /* GOOD */
    if (fgets(r->line, sizeof r->line, stdin) != NULL)
        system(r->line); /* BAD */
    free(r);
}

void struct_heap_field_good(void) {
    struct request *r = malloc(sizeof *r);
    if (!r)
        return;
    strcpy(r->fixed, "date"); /* GOOD */
    if (fgets(r->line, sizeof r->line, stdin) != NULL)
        use_str(r->line);
    system(r->fixed); /* GOOD */
    free(r);
}

void struct_nested_field_bad(void) {
    struct outer o;
    o.id = 1;
    o.job.name = "true";
    o.job.cmd = getenv("SUITE_CMD");
    system(o.job.cmd); /* BAD */
}

void struct_nested_field_good(void) {
    struct outer o;
    o.id = 1;
    o.job.name = "true";
    o.job.cmd = getenv("SUITE_CMD");
    use_str(o.job.cmd);
    system(o.job.name); /* GOOD */
}
