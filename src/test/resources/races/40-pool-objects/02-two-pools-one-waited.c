/* expect: racy */
/* Twin of 01 with two pools, made by one allocation in a loop: `pool->alive` no longer names one place of the run
   (the pointer may point to either pool), so it is no counter. main waits for the first pool's workers only and
   reads the second pool's total while its workers may still add to it. */
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

static struct pool *pool_new(void) {
    struct pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        abort();
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->idle, NULL);
    pthread_mutex_init(&pool->total_lock, NULL);
    pool->jobs = 10;
    return pool;
}

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
    struct pool *pools[2];
    for (int k = 0; k < 2; k++)
        pools[k] = pool_new();
    for (int i = 0; i < 2 * WORKERS; i++) {
        struct pool *pool = pools[i % 2];
        pthread_t t;
        pthread_mutex_lock(&pool->lock);
        pool->alive++;
        pthread_mutex_unlock(&pool->lock);
        if (pthread_create(&t, NULL, worker, pool) != 0)
            abort();
        pthread_detach(t);
    }
    struct pool *pool = pools[0];
    pthread_mutex_lock(&pool->lock);
    while (pool->alive > 0)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    printf("%ld\n", pools[1]->total); // RACE!
    return 0;
}
