/* expect: race-free */
/* 01 with the pool from malloc, reached through a global pointer, its fields set one by one in main before any
   thread exists (`pool->alive = 0`): the count starts at 0 (weft.thread.MemberCells initialisers). The workers find the
   pool through the global pointer even when they count themselves out: they read it while they still hold the
   pool's mutex, before the release that main's read of 0 comes after. */
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

static struct pool *pool;

static void *worker(void *arg) {
    (void)arg;
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
    pool = malloc(sizeof *pool);
    if (!pool)
        return 1;
    pool->alive = 0;
    pool->total = 0;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->idle, NULL);
    pthread_mutex_init(&pool->total_lock, NULL);
    pool->jobs = 10;
    for (int i = 0; i < WORKERS; i++) {
        pthread_t t;
        pthread_mutex_lock(&pool->lock);
        pool->alive++;
        pthread_mutex_unlock(&pool->lock);
        if (pthread_create(&t, NULL, worker, NULL) != 0)
            abort();
        pthread_detach(t);
    }
    pthread_mutex_lock(&pool->lock);
    while (pool->alive > 0)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    printf("%ld\n", pool->total); // NORACE
    return 0;
}
