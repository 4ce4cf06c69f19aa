/* expect: racy */
/* Twin of 09 where a worker takes its index and, in a second section of the lock, takes it again from the counter
   without moving it (a "peek" that forgets the increment): two workers can then hold the same index, and write the
   same element of `results`. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4

struct pool {
    pthread_mutex_t lock;
    int next;
};

static long results[WORKERS + 1];

static void *worker(void *arg) {
    struct pool *pool = arg;
    pthread_mutex_lock(&pool->lock);
    int me = pool->next;
    pool->next = me + 1;
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_lock(&pool->lock);
    me = pool->next;
    pthread_mutex_unlock(&pool->lock);
    if (me <= WORKERS)
        results[me] = me * 10; // RACE!
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
    for (int i = 0; i <= WORKERS; i++)
        sum += results[i];
    printf("%ld\n", sum);
    free(pool);
    return 0;
}
