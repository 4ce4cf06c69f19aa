/* expect: racy */
/* Twin of 12 where main sets the count only when it is given an argument: without one the count of the malloc'd
   pool starts indeterminate (any value), so main may read 0 while workers still add to the total. */
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
        pool->total += job; // RACE!
        pthread_mutex_unlock(&pool->total_lock);
    }
    pthread_mutex_lock(&pool->lock);
    pool->alive--;
    pthread_cond_signal(&pool->idle);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

int main(int argc, char **argv) {
    (void)argv;
    pool = malloc(sizeof *pool);
    if (!pool)
        return 1;
    if (argc > 1)
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
    printf("%ld\n", pool->total); // RACE!
    return 0;
}
