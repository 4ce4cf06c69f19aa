/* expect: racy */
/* On one branch the mutex is released before the access, which is then unprotected. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
int release_early = 1;

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    if (arg != NULL) {
        pthread_mutex_unlock(&m);
        x = 1; // RACE!
    } else {
        x = 2; // RACE!
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &release_early);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
