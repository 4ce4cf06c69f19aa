/* A logger's variadic arguments point to six buffers that six workers write: one pair of source lines
   (va_start's read of what the arguments point to, the worker's store) races on six objects, which the
   report lists in the order the accesses were collected. ReportDeterminismTest: the same in every run. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

char a[8], b[8], c[8], d[8], e[8], f[8];

void logmsg(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

void *worker(void *arg) {
    char *p = arg;
    p[0] = 'x';
    return NULL;
}

int main(void) {
    pthread_t t[6];
    char *bufs[6] = {a, b, c, d, e, f};
    for (int i = 0; i < 6; i++) pthread_create(&t[i], NULL, worker, bufs[i]);
    logmsg("%s %s %s %s %s %s\n", a, b, c, d, e, f);
    for (int i = 0; i < 6; i++) pthread_join(t[i], NULL);
    return 0;
}
