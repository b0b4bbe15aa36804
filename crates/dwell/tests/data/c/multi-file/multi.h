/* A small C program in four translation units (dwell's multi-file fixture, issue 31):
 * input.c reads, relay.c passes along, sink.c runs and copies, main.c wires them. */
#ifndef MULTI_H
#define MULTI_H

typedef void (*handler)(const char *arg);

/* input.c */
extern int verbose;
char *read_env(void);
char *read_line(char *buf, int size);

/* relay.c */
const char *relay(const char *data);
void relay_copy(char *dst, const char *src);
void dispatch(int which, const char *arg);

/* sink.c */
extern handler handlers[3];
void run_command(const char *cmd);
void copy_name(char *dst, const char *src);
void log_only(const char *msg);

#endif
