/* expect: racy */
/* As 10, but main's update is outside any atomic section. */
#include <pthread.h>
int counter;
void __VERIFIER_atomic_inc(void) { counter = counter + 1; } // RACE!
void *worker(void *arg) {
    __VERIFIER_atomic_inc();
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    counter = counter + 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
