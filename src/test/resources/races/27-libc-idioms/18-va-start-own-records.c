/* expect: race-free */
/* va_start/va_end set only the va_list: a variadic logger filling a thread's own record (one thread logs: two threads in one variadic function still race on its unknown arguments) neither writes the format string nor makes the global pointer 'slot' point to every global */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct rec { char msg[64]; int len; };
struct rec *slot;
int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void record(struct rec *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt); // NORACE
    r->len = vsnprintf(r->msg, sizeof r->msg, fmt, ap); // NORACE
    va_end(ap); // NORACE
}

void *t1(void *a) {
    struct rec *own = malloc(sizeof(struct rec));
    int seen;
    if (!own) return 0;
    record(own, "thread %d", 1);
    pthread_mutex_lock(&m);
    seen = slot->len; // NORACE
    pthread_mutex_unlock(&m);
    free(own);
    return (void *)(long)seen;
}

void *t2(void *a) {
    int seen;
    pthread_mutex_lock(&m);
    seen = slot->len; // NORACE
    pthread_mutex_unlock(&m);
    return (void *)(long)seen;
}

int main(void) {
    pthread_t a, b;
    slot = malloc(sizeof(struct rec));
    if (!slot) return 1;
    slot->len = 0;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    hits = 1; // NORACE
    pthread_join(a, 0);
    pthread_join(b, 0);
    return hits;
}
