/* expect: racy */
/* An atomic builtin in one thread and a plain write in another race (not both accesses are atomic). */
#include <pthread.h>

int x;
int y;

void *worker(void *arg) {
    (void)arg;
    __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST); // RACE!
    __atomic_fetch_add(&y, 1, __ATOMIC_SEQ_CST); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    x = 5; // RACE!
    __atomic_store_n(&y, 5, __ATOMIC_SEQ_CST); // NORACE
    pthread_join(t, NULL);
    return x + y; // NORACE
}
