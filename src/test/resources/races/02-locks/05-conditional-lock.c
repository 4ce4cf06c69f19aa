/* expect: racy */
/* The lock is only taken on one path; the thread started with argument NULL skips it. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
int use_lock = 1;

void *worker(void *arg) {
    if (arg != NULL)
        pthread_mutex_lock(&m);
    x++; // RACE!
    if (arg != NULL)
        pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &use_lock);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
