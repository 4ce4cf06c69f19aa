/* expect: race-free */
/* Both threads update the counter inside atomic sections: an atomic function and begin/end. */
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int counter;
void __VERIFIER_atomic_inc(void) { counter = counter + 1; } // NORACE
void *worker(void *arg) {
    __VERIFIER_atomic_inc();
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    __VERIFIER_atomic_begin();
    counter = counter + 2; // NORACE
    __VERIFIER_atomic_end();
    pthread_join(t, 0);
    return 0;
}
