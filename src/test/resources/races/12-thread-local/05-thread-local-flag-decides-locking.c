/* expect: race-free */
/* A thread-local flag set just before decides whether the lock is taken: it is always taken. */
#include <pthread.h>

__thread int mode;
int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    mode = 1;
    if (mode == 1) pthread_mutex_lock(&m);
    shared++; // NORACE
    if (mode == 1) pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    return 0;
}
