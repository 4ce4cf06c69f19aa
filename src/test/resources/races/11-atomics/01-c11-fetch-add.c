/* expect: race-free */
/* All concurrent accesses to the counter are C11 atomic operations from <stdatomic.h>. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;

void *worker(void *arg) {
    (void)arg;
    atomic_fetch_add(&counter, 1); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    atomic_fetch_sub(&counter, 1); // NORACE
    int seen = atomic_load(&counter); // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return seen;
}
