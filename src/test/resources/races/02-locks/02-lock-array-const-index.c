/* expect: race-free */
/* An array of mutexes indexed by constants: locks[k] protects data[k] in every thread. */
#include <pthread.h>

pthread_mutex_t locks[2];
int data[2];

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    data[0]++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    data[1] += 2; // NORACE
    pthread_mutex_unlock(&locks[1]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    for (int i = 0; i < 2; i++)
        pthread_mutex_init(&locks[i], NULL);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_mutex_lock(&locks[1]);
    data[1] = 0; // NORACE
    pthread_mutex_unlock(&locks[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return data[0] + data[1]; // NORACE
}
