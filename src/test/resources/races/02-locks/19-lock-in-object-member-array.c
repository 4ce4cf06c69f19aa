/* expect: race-free */
/* Each connection object carries its mutex; threads write a cell of the object's buffer with a variable index while holding that object's mutex, reached through a pointer. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct conn { pthread_mutex_t m; int buf[8]; int len; pthread_mutex_t stats; long bytes; };
struct conn conns[4];

static void put(struct conn *c, int j, int v) {
    pthread_mutex_lock(&c->m);
    c->buf[j & 7] = v; // NORACE
    c->len++; // NORACE
    pthread_mutex_unlock(&c->m);
}

void *worker(void *arg) {
    (void)arg;
    int k = __VERIFIER_nondet_int() & 3;
    put(&conns[k], __VERIFIER_nondet_int(), 1);
    struct conn *c = &conns[k];
    pthread_mutex_lock(&c->stats);
    c->bytes += 8; // NORACE
    pthread_mutex_unlock(&c->stats);
    return NULL;
}

int main(void) {
    for (int k = 0; k < 4; k++) {
        pthread_mutex_init(&conns[k].m, NULL);
        pthread_mutex_init(&conns[k].stats, NULL);
    }
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    int i = __VERIFIER_nondet_int() & 3;
    struct conn *d = &conns[i];
    pthread_mutex_lock(&d->m);
    int s = d->buf[__VERIFIER_nondet_int() & 7]; // NORACE
    pthread_mutex_unlock(&d->m);
    return s;
}
