/* expect: race-free */
/* Tickets handed out by a member counter (38-tickets in the shape of a pool): each worker takes its index as
   `me = pool->next++` under `pool->lock` and then fills `results[me]` without a lock; main joins every worker before
   reading them. The pool is one calloc'd object and `pool->next` is reached only as itself, so two workers never
   get the same index (weft.thread.MemberCells, weft.thread.Tickets). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4

struct pool {
    pthread_mutex_t lock;
    int next;
};

static long results[WORKERS];

static void *worker(void *arg) {
    struct pool *pool = arg;
    pthread_mutex_lock(&pool->lock);
    int me = pool->next;
    pool->next = me + 1;
    pthread_mutex_unlock(&pool->lock);
    if (me < WORKERS)
        results[me] = me * 10; // NORACE
    return NULL;
}

int main(void) {
    struct pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return 1;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, worker, pool);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    long sum = 0;
    for (int i = 0; i < WORKERS; i++)
        sum += results[i]; // NORACE
    printf("%ld\n", sum);
    free(pool);
    return 0;
}
