/* expect: race-free */
/* 01 with the pool from malloc, cleared by memset before any thread exists (the usual `memset(pool, 0, sizeof
   *pool)`): main's single-threaded start stores 0 in every byte of the count before anything else touches it, so the
   count starts at 0 as a calloc'd one does (weft.thread.MemberCells initialisers). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    struct pool *pool = malloc(sizeof *pool);
    if (!pool)
        return 1;
    memset(pool, 0, sizeof *pool);
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
