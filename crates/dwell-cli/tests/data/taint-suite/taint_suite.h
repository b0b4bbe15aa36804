/* dwell taint suite: declarations shared by every case file.
 * The sanitizers and the "use" helpers are only declared, never defined here:
 * they stay calls at -O2 (an inlined sanitizer would leave nothing to recognise)
 * and a buffer handed to use_* stays alive, so -O2 keeps the copy that fills it. */
#ifndef TAINT_SUITE_H
#define TAINT_SUITE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>

/* Sanitizers: nonzero when the value is safe to use. */
int is_safe_cmd(const char *s);
int len_ok(size_t n, size_t cap);

/* Harmless uses: keep a value alive without a sink. */
void use_str(const char *s);
void use_buf(const void *p, size_t n);
void use_int(long v);

/* Where input comes from: a descriptor, a socket, a file. */
int input_fd(void);
int input_socket(void);
FILE *input_file(void);

#endif
