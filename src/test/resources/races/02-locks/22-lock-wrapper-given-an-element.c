/* expect: racy */
/* the same lock wrapper given the address of an element chosen by an unknown index: two threads may hold different locks, so the counter they update races */
#include <pthread.h>

typedef struct { pthread_mutex_t mutex; long value; } lock;

static lock locks[2] = { { PTHREAD_MUTEX_INITIALIZER, 0 }, { PTHREAD_MUTEX_INITIALIZER, 0 } };
static int shared;
static int pick;

static void possess(lock *bolt) {
    pthread_mutex_lock(&bolt->mutex);
}

static void release(lock *bolt) {
    pthread_mutex_unlock(&bolt->mutex);
}

void *worker(void *arg) {
    int k = pick++ % 2;
    possess(&locks[k]);
    shared++; // RACE!
    release(&locks[k]);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return shared;
}
