/* expect: racy */
/* A thread also writes the global loop counter: the join loop may skip threads. */
#include <pthread.h>

int k;
int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
    pthread_mutex_lock(&m);
    result++; // RACE!
    k = 4;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, work, NULL);
    pthread_mutex_lock(&m);
    k = 0;
    pthread_mutex_unlock(&m);
    for (; k < 4; k++)
        pthread_join(t[k], NULL);
    return result; // RACE!
}
