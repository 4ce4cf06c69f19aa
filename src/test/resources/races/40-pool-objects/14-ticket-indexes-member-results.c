/* expect: race-free */
/* The pool of 09 as real pools have it: the results live in the pool object itself. Each worker takes its index as
   `me = pool->next++` under `pool->lock` and fills its element of `pool->results` (a struct per worker, with an
   array inside) without a lock; main joins every worker before it reads them. `pool->results` names one array (the
   pool is one calloc'd object), and no two workers get the same ticket, so no two workers touch the same element
   (weft.thread.MemberCells, weft.thread.Tickets, weft.race.rules.SlotIndex). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4

struct result {
    long sum;
    int hist[3];
};

struct pool {
    pthread_mutex_t lock;
    int next;
    struct result results[WORKERS];
};

static void *worker(void *arg) {
    struct pool *pool = arg;
    pthread_mutex_lock(&pool->lock);
    int me = pool->next++;
    pthread_mutex_unlock(&pool->lock);
    if (me >= WORKERS)
        return NULL;
    for (int i = 0; i < 3; i++) {
        pool->results[me].sum += me * i; // NORACE
        pool->results[me].hist[i] = i; // NORACE
    }
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
        sum += pool->results[i].sum + pool->results[i].hist[2]; // NORACE
    printf("%ld\n", sum);
    free(pool);
    return 0;
}
