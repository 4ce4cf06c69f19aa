/* expect: race-free */
/* All accesses to the counter hold the same spin lock. */
#include <pthread.h>

pthread_spinlock_t s;
int counter;

void *worker(void *arg) {
    (void)arg;
    pthread_spin_lock(&s);
    counter++; // NORACE
    pthread_spin_unlock(&s);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_spin_lock(&s);
    counter--; // NORACE
    pthread_spin_unlock(&s);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_spin_destroy(&s);
    return counter; // NORACE
}
