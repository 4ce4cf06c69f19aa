/* expect: race-free */
/* Lock wrappers that take the object (or its member, or an element index) and lock the mutex in it: the caller holds the mutex of the object its unchanged pointer or index names. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct inner { int pad; pthread_mutex_t m; };
struct account { pthread_mutex_t m; int balance; long ops; };
struct account acct[4];
struct outer { int x; struct inner in; int audit; };
struct outer outers[4];
struct slot { int value; pthread_mutex_t m; };
struct slot slots[4];

static void acct_lock(struct account *a) {
    pthread_mutex_lock(&a->m);
}

static void acct_unlock(struct account *a) {
    pthread_mutex_unlock(&a->m);
}

static void inner_lock(struct inner *i) {
    pthread_mutex_lock(&i->m);
}

static void inner_unlock(struct inner *i) {
    pthread_mutex_unlock(&i->m);
}

static void slot_lock(int i) {
    pthread_mutex_lock(&slots[i].m);
}

static void slot_unlock(int i) {
    pthread_mutex_unlock(&slots[i].m);
}

static void deposit(struct account *a, int v) {
    acct_lock(a);
    a->balance += v; // NORACE
    a->ops++; // NORACE
    acct_unlock(a);
}

void *worker(void *arg) {
    (void)arg;
    int k = __VERIFIER_nondet_int() & 3;
    struct account *p = &acct[k];
    deposit(p, 5);
    struct outer *o = &outers[k];
    inner_lock(&o->in);
    o->audit++; // NORACE
    inner_unlock(&o->in);
    int j = __VERIFIER_nondet_int() & 3;
    slot_lock(j);
    slots[j].value++; // NORACE
    slot_unlock(j);
    return NULL;
}

int main(void) {
    for (int k = 0; k < 4; k++) {
        pthread_mutex_init(&acct[k].m, NULL);
        pthread_mutex_init(&outers[k].in.m, NULL);
        pthread_mutex_init(&slots[k].m, NULL);
    }
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    int sum = 0;
    for (int i = 0; i < 4; i++) {
        struct account *a = &acct[i];
        acct_lock(a);
        sum += a->balance; // NORACE
        acct_unlock(a);
        struct outer *o = &outers[i];
        inner_lock(&o->in);
        sum += o->audit; // NORACE
        inner_unlock(&o->in);
        slot_lock(i);
        sum += slots[i].value; // NORACE
        slot_unlock(i);
    }
    return sum;
}
