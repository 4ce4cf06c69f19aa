/* expect: race-free */
/* A ready flag under a mutex (pthread-race-challenges/value-barrier): main writes `data`, then sets `ready` holding
   the mutex and broadcasts; each worker waits holding the mutex until it reads `ready` set, then reads `data`.
   main's write comes before its write of the flag, the workers' reads after they saw it (weft.thread.PublicationFlags). */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

_Bool ready = 0;
pthread_mutex_t ready_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
int data = 0;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&ready_mutex);
    while (!ready)
        pthread_cond_wait(&ready_cond, &ready_mutex);
    pthread_mutex_unlock(&ready_mutex);
    int x = data; // NORACE
    return (void *)(long)x;
}

int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], 0, worker, 0);
    data = __VERIFIER_nondet_int(); // NORACE
    pthread_mutex_lock(&ready_mutex);
    ready = 1;
    pthread_cond_broadcast(&ready_cond);
    pthread_mutex_unlock(&ready_mutex);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    return 0;
}
