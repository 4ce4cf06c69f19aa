/* expect: racy */
/* A twin of 01 where a helper thread may set the flag first: a worker can see it set before main has written
   `data`. The flag orders only the accesses of its one writer. */
#include <pthread.h>

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
    int x = data; // RACE!
    return (void *)(long)x;
}

void *impatient(void *arg) {
    (void)arg;
    pthread_mutex_lock(&ready_mutex);
    ready = 1;
    pthread_cond_broadcast(&ready_cond);
    pthread_mutex_unlock(&ready_mutex);
    return 0;
}

int main(void) {
    pthread_t t, u;
    pthread_create(&t, 0, worker, 0);
    pthread_create(&u, 0, impatient, 0);
    data = 1; // RACE!
    pthread_mutex_lock(&ready_mutex);
    ready = 1;
    pthread_cond_broadcast(&ready_cond);
    pthread_mutex_unlock(&ready_mutex);
    pthread_join(t, 0);
    pthread_join(u, 0);
    return 0;
}
