/* expect: race-free */
/* the race-free side of 46: one result the program expects is not the one glibc gives (memccpy returns the byte after the copied "=", buf + 4, not buf + 3), the count is never written, and a proof computes the calls to see it. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

static int parsed;

static int tokens(void) {
    char line[] = "  GET /index.html,HTTP/1.1 ";
    char *save = NULL;
    char *m = strtok_r(line, " ", &save);
    char *p = strtok_r(NULL, " ,", &save);
    char *v = strtok_r(NULL, " ", &save);
    char *none = strtok_r(NULL, " ", &save);
    char hdr[] = "Host:a;;b";
    char *rest = hdr;
    char *k = strsep(&rest, ":");
    char *a = strsep(&rest, ";");
    char *empty = strsep(&rest, ";");
    char *b = strsep(&rest, ";");
    char *end = strsep(&rest, ";");
    char buf[16];
    char *after = memccpy(buf, "key=val", '=', sizeof buf);
    const char data[] = "a.b.c";
    return m && strcmp(m, "GET") == 0 && strcmp(p, "/index.html") == 0 && strcmp(v, "HTTP/1.1") == 0 && none == NULL
        && line[5] == 0 && strcmp(k, "Host") == 0 && strcmp(a, "a") == 0 && *empty == 0 && strcmp(b, "b") == 0
        && end == NULL && rest == NULL && after == buf + 3 && buf[3] == '=' && memrchr(data, '.', 5) == data + 3
        && rawmemchr(data, 'c') == data + 4 && memmem(data, 5, "b.c", 3) == data + 2 && memmem(data, 5, "cc", 2) == NULL
        && memccpy(buf, "xyz", '#', 3) == NULL;
}

static void *worker(void *arg) {
    (void) arg;
    if (tokens())
        parsed++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return parsed;
}
