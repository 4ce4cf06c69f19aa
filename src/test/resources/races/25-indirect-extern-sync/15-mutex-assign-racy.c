/* expect: racy */
/* A thread overwrites a mutex by struct assignment while the others lock it. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
int g;

void *locker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m); // RACE!
    g++;
    pthread_mutex_unlock(&m);
    return NULL;
}

void *resetter(void *arg) {
    (void)arg;
    m = other; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, locker, NULL);
    pthread_create(&t2, NULL, resetter, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
