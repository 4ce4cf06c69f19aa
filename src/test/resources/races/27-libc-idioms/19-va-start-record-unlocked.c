/* expect: racy */
/* the same variadic logger, with main updating the record the threads read under the lock without taking it: that races */
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
    seen = slot->len; // RACE!
    pthread_mutex_unlock(&m);
    free(own);
    return (void *)(long)seen;
}

void *t2(void *a) {
    int seen;
    pthread_mutex_lock(&m);
    seen = slot->len; // RACE!
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
    slot->len = 2; // RACE!
    pthread_join(a, 0);
    pthread_join(b, 0);
    return hits;
}
