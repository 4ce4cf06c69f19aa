/* expect: race-free */
/* Threads are created and then joined in loops over an array of pthread_t; main reads afterwards without the lock. */
#include <pthread.h>

#define N 4

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    total++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    int r = total; // NORACE
    total = 0; // NORACE
    return r;
}
