/* expect: race-free */
/* Unlocking m[i] with an unknown index releases an element of m, never the separate lock big. */
#include <pthread.h>

pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m[2] = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER };
int counter;
int which[2] = { 0, 1 };

void *worker(void *arg) {
    int i = *(int *)arg;
    pthread_mutex_lock(&big);
    pthread_mutex_lock(&m[i]);
    pthread_mutex_unlock(&m[i]);
    counter++; // NORACE
    pthread_mutex_unlock(&big);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &which[0]);
    pthread_create(&t2, NULL, worker, &which[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
