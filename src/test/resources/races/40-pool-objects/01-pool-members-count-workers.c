/* expect: race-free */
/* The counter join of a thread pool whose state is a heap object (the shape real pools have it in): the pool is
   calloc'd once, its mutex, condition and counter of live workers are members, and every worker gets the pool as
   its argument; workers take jobs from a count in the pool and add them to a total under a second mutex of the
   pool. main counts each worker in under `pool->lock` before creating it; a worker counts itself out under
   it as the last thing it does; main waits until `pool->alive` is 0 and then reads the results unprotected. The
   pool is one object of the run and `pool->alive` is reached only as itself, so it is a counter like a global
   (weft.thread.MemberCells, weft.thread.CounterJoins). */
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
        pool->total += job; // NORACE
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
    pthread_mutex_lock(&pool->lock);
    while (pool->alive > 0)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    printf("%ld\n", pool->total); // NORACE
    free(pool);
    return 0;
}
