/* expect: racy */
/* The counting create loop runs twice: two threads get each index, and only the second round's
   threads are joined before main reads. */
#include <pthread.h>
#include <stdint.h>

int slots[4];
int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    intptr_t i = (intptr_t)arg;
    slots[i] = 1; // RACE!
    pthread_mutex_lock(&m);
    data = 1; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int r = 0; r < 2; r++) {
        for (intptr_t i = 0; i < 4; i++)
            pthread_create(&t[i], NULL, worker, (void *)i);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    return data; // RACE!
}
