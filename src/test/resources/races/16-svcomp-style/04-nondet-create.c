/* expect: racy */
/* The worker is created only on a nondet branch; in executions that create it, main's write races with it. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *worker(void *arg) {
    g = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    int created = __VERIFIER_nondet_int();
    if (created)
        pthread_create(&t, NULL, worker, NULL);
    g = 2; // RACE!
    if (created)
        pthread_join(t, NULL);
    return 0;
}
