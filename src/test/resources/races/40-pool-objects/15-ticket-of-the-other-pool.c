/* expect: racy */
/* Twin of 14 with two static pools: the workers of `a` take their ticket from `a.next` but fill the results of `b`,
   where `b`'s own worker fills the element of its ticket of `b.next`. The two counters hand out the same numbers,
   so ticket 0 of each pool selects the same element of `b.results`. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 2

struct pool {
    pthread_mutex_t lock;
    int next;
    long results[WORKERS];
};

static struct pool a = { PTHREAD_MUTEX_INITIALIZER, 0, { 0 } };
static struct pool b = { PTHREAD_MUTEX_INITIALIZER, 0, { 0 } };

static void *worker_a(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a.lock);
    int me = a.next++;
    pthread_mutex_unlock(&a.lock);
    if (me < WORKERS)
        b.results[me] = 10 + me; // RACE!
    return NULL;
}

static void *worker_b(void *arg) {
    struct pool *pool = arg;
    pthread_mutex_lock(&pool->lock);
    int me = pool->next++;
    pthread_mutex_unlock(&pool->lock);
    if (me < WORKERS)
        pool->results[me] = 20 + me; // RACE!
    return NULL;
}

int main(void) {
    pthread_t ta, tb;
    pthread_create(&ta, NULL, worker_a, NULL);
    pthread_create(&tb, NULL, worker_b, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    printf("%ld\n", b.results[0] + b.results[1]);
    return 0;
}
