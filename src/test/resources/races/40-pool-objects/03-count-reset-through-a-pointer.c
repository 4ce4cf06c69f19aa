/* expect: racy */
/* Twin of 01 where main, before it waits, resets the count through a pointer to it (a cancel path that forgets the
   running workers): `pool->alive` is also written as `*count`, so it is no counter of live workers, and main may
   read the total while workers still add to it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 3

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t idle;
    int alive;
    pthread_mutex_t total_lock;
    long total;
    int jobs;
};

static void *worker(void *arg) {
    struct pool *pool = arg;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        int job = pool->jobs > 0 ? pool->jobs-- : 0;
        pthread_mutex_unlock(&pool->lock);
        if (job == 0)
            break;
        pthread_mutex_lock(&pool->total_lock);
        pool->total += job; // RACE!
        pthread_mutex_unlock(&pool->total_lock);
    }
    pthread_mutex_lock(&pool->lock);
    pool->alive--;
    pthread_cond_signal(&pool->idle);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

int main(void) {
    struct pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return 1;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->idle, NULL);
    pthread_mutex_init(&pool->total_lock, NULL);
    pool->jobs = 10;
    for (int i = 0; i < WORKERS; i++) {
        pthread_t t;
        pthread_mutex_lock(&pool->lock);
        pool->alive++;
        pthread_mutex_unlock(&pool->lock);
        if (pthread_create(&t, NULL, worker, pool) != 0)
            abort();
        pthread_detach(t);
    }
    int *count = &pool->alive;
    pthread_mutex_lock(&pool->lock);
    *count = 0;
    while (pool->alive > 0)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    printf("%ld\n", pool->total); // RACE!
    free(pool);
    return 0;
}
