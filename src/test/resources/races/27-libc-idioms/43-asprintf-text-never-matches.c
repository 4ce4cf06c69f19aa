/* expect: race-free */
/* the race-free side of 42: the count is written only when the text is one glibc does not give (%03d pads to three digits), so it never is, and a proof computes both calls to see it. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int named;

static int vformat(char **out, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(out, fmt, ap);
    va_end(ap);
    return n;
}

static void *worker(void *arg) {
    char *a, *b;
    int ok = asprintf(&a, "%s-%03d", (const char *) arg, 7) == 8 && vformat(&b, "[%c%x]", 'q', 255) == 5;
    if (ok && strcmp(a, "pool-7") == 0 && strcmp(b, "[qff]") == 0)
        named++; // NORACE
    if (ok) {
        free(a);
        free(b);
    }
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, "pool");
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return named;
}
