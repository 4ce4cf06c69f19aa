/* expect: racy */
/* A cell of an object's buffer, written with a variable index under the object's buffer mutex by one thread and under the object's statistics mutex by main: different mutexes of the same object. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct conn { pthread_mutex_t m; int buf[8]; int len; pthread_mutex_t stats; long bytes; };
struct conn conns[4];

void *worker(void *arg) {
    (void)arg;
    struct conn *c = &conns[0];
    pthread_mutex_lock(&c->m);
    c->buf[__VERIFIER_nondet_int() & 7] = 1; // RACE!
    pthread_mutex_unlock(&c->m);
    return NULL;
}

int main(void) {
    for (int k = 0; k < 4; k++) {
        pthread_mutex_init(&conns[k].m, NULL);
        pthread_mutex_init(&conns[k].stats, NULL);
    }
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    struct conn *d = &conns[0];
    pthread_mutex_lock(&d->stats);
    d->buf[__VERIFIER_nondet_int() & 7] = 2; // RACE!
    pthread_mutex_unlock(&d->stats);
    return 0;
}
