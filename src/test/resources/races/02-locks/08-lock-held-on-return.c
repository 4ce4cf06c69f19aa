/* expect: race-free */
/* A helper returns with the mutex still held on its success path (no unlock there); the caller unlocks. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int closed;
int x;

static int enter(void) {
    pthread_mutex_lock(&m);
    if (closed) { // NORACE
        pthread_mutex_unlock(&m);
        return 0;
    }
    return 1;
}

void *worker(void *arg) {
    (void)arg;
    if (enter()) {
        x++; // NORACE
        closed = x > 1; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
