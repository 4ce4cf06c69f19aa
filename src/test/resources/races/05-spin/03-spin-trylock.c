/* expect: race-free */
/* pthread_spin_trylock: the access is only on the success branch, where the spin lock is held. */
#include <pthread.h>

pthread_spinlock_t s;
int counter;

void *worker(void *arg) {
    (void)arg;
    if (pthread_spin_trylock(&s) == 0) {
        counter++; // NORACE
        pthread_spin_unlock(&s);
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_spin_destroy(&s);
    return counter; // NORACE
}
