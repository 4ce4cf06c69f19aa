/* expect: race-free */
/* Concurrent accesses use only the GCC __atomic_* and __sync_* builtins on plain (non-_Atomic) objects. */
#include <pthread.h>

int a;
long b;

void *worker(void *arg) {
    (void)arg;
    __atomic_fetch_add(&a, 1, __ATOMIC_SEQ_CST); // NORACE
    __atomic_store_n(&a, 7, __ATOMIC_RELAXED); // NORACE
    __sync_fetch_and_add(&b, 1); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    int r = __atomic_load_n(&a, __ATOMIC_ACQUIRE); // NORACE
    __sync_val_compare_and_swap(&b, 0L, 10L); // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return r + (int)b; // NORACE
}
