/* expect: racy */
/* a scanf-like wrapper: vsscanf writes through the pointers among the arguments of its va_list, here a shared
   counter main reads meanwhile */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

int level;

static int parse(const char *text, const char *fmt, ...) {
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsscanf(text, fmt, ap); // RACE!
    va_end(ap);
    return n;
}

static void *worker(void *a) {
    parse("7", "%d", &level);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int seen = level; // RACE!
    pthread_join(t, 0);
    return seen;
}
