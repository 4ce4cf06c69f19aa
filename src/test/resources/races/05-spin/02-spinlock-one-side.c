/* expect: racy */
/* The worker holds the spin lock, but main accesses the counter without it. */
#include <pthread.h>

pthread_spinlock_t s;
int counter;

void *worker(void *arg) {
    (void)arg;
    pthread_spin_lock(&s);
    counter++; // RACE!
    pthread_spin_unlock(&s);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t, NULL, worker, NULL);
    counter--; // RACE!
    pthread_join(t, NULL);
    pthread_spin_destroy(&s);
    return counter; // NORACE
}
