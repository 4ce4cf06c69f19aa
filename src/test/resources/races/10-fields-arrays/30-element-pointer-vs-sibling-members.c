/* expect: race-free */
/* A module state holds an array of accounts, each with its own mutex, beside totals under the module's mutex: a pointer to an account picked by a variable index only reaches the accounts, never the totals or the configuration written before the threads. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct acct { pthread_mutex_t lock; int balance; int hist[8]; };
struct state { pthread_mutex_t lock; struct acct accts[4]; int totals[16]; int config; };
static struct state m;

static void deposit(struct acct *a, int v) {
    pthread_mutex_lock(&a->lock);
    a->balance += v; // NORACE
    a->hist[v & 7] += 1; // NORACE
    pthread_mutex_unlock(&a->lock);
}

void *worker(void *arg) {
    (void)arg;
    int i = __VERIFIER_nondet_int();
    struct acct *a = &m.accts[(i & 0x7fff) % 4];
    deposit(a, i + m.config); // NORACE
    pthread_mutex_lock(&m.lock);
    m.totals[i & 15] += 1; // NORACE
    pthread_mutex_unlock(&m.lock);
    return NULL;
}

int main(void) {
    m.config = 3; // NORACE
    pthread_mutex_init(&m.lock, NULL);
    for (int k = 0; k < 4; k++) pthread_mutex_init(&m.accts[k].lock, NULL);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_mutex_lock(&m.lock);
    int s = m.totals[__VERIFIER_nondet_int() & 15]; // NORACE
    pthread_mutex_unlock(&m.lock);
    return s;
}
