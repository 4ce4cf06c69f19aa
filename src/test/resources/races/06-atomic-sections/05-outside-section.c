/* expect: racy */
/* x is always accessed inside atomic sections, but y is updated outside them in both threads. */
#include <pthread.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x;
int y;

void *worker(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    x++; // NORACE
    __VERIFIER_atomic_end();
    y++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x + y; // NORACE
}
