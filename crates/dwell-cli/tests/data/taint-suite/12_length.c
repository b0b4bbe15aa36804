/* Buffer copies (CWE-122/120): the length of memcpy / memmove / strncpy comes
 * from input (bad), or is a constant while input sits elsewhere or is only
 * the data copied (good: a bounded copy of tainted bytes is no overflow). */
#include "taint_suite.h"

static const char length_src[256] = "0123456789abcdef";

void length_memcpy_scanf_bad(void) {
    char dst[64];
    int n = 0;
    if (scanf("%d", &n) != 1)
        return;
    memcpy(dst, length_src, (size_t)n); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_memcpy_scanf_good(void) {
    char dst[64];
    int n = 0;
    if (scanf("%d", &n) != 1)
        return;
    use_int(n);
    memcpy(dst, length_src, sizeof dst); /* GOOD */
    use_buf(dst, sizeof dst);
}

void length_memmove_atoi_bad(void) {
    char dst[64];
    char line[32];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    int n = atoi(line);
    memmove(dst, length_src, (size_t)n); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_memmove_atoi_good(void) {
    char dst[64];
    char line[32];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    int n = atoi(line);
    use_int(n);
    memmove(dst, length_src, sizeof dst); /* GOOD */
    use_buf(dst, sizeof dst);
}

void length_strncpy_recv_bad(void) {
    char dst[64];
    size_t len = 0;
    if (recv(input_socket(), &len, sizeof len, 0) != (ssize_t)sizeof len)
        return;
    strncpy(dst, length_src, len); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_strncpy_recv_good(void) {
    char dst[64];
    size_t len = 0;
    if (recv(input_socket(), &len, sizeof len, 0) != (ssize_t)sizeof len)
        return;
    use_int((long)len);
    strncpy(dst, length_src, sizeof dst - 1); /* GOOD */
    dst[sizeof dst - 1] = '\0';
    use_buf(dst, sizeof dst);
}

struct length_packet {
    size_t len;
    char data[120];
};

void length_struct_field_bad(void) {
    struct length_packet p;
    char dst[64];
    if (read(input_fd(), &p, sizeof p) != (ssize_t)sizeof p)
        return;
    memcpy(dst, p.data, p.len); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_struct_field_good(void) {
    struct length_packet p;
    char dst[64];
    if (read(input_fd(), &p, sizeof p) != (ssize_t)sizeof p)
        return;
    use_int((long)p.len);
    memcpy(dst, p.data, sizeof dst); /* GOOD */
    use_buf(dst, sizeof dst);
}

void length_tainted_data_bad(void) {
    char dst[64];
    char src[512];
    size_t n = fread(src, 1, sizeof src, input_file());
    memcpy(dst, src, n); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_tainted_data_good(void) {
    char dst[64];
    char src[512];
    size_t n = fread(src, 1, sizeof src, input_file());
    use_int((long)n);
    memcpy(dst, src, sizeof dst); /* GOOD */
    use_buf(dst, sizeof dst);
}

void length_getenv_strlen_bad(void) {
    char dst[32];
    char *env = getenv("SUITE_DATA");
    if (env == NULL)
        return;
    memcpy(dst, env, strlen(env) + 1); /* BAD */
    use_buf(dst, sizeof dst);
}

void length_getenv_strlen_good(void) {
    char dst[32];
    char *env = getenv("SUITE_DATA");
    if (env == NULL)
        return;
    size_t n = strlen(env);
    if (n >= sizeof dst)
        n = sizeof dst - 1;
    use_int((long)n);
    memcpy(dst, "constant payload", 17); /* GOOD */
    use_buf(dst, sizeof dst);
}
