// Names in a report as the source writes them (issue 33): a lock that is a member of a heap block, locked through
// a pointer (`pool->lock`, not `*&*(pool).lock` or `heap@...+8`), library calls through pointers and temporaries.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct pool {
    long jobs;
    pthread_mutex_t lock;
    int done;
    char name[16];
};

struct pool *pool;

void *worker(void *arg) {
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock);
    p->jobs++;                       // NORACE: under pool->lock in both threads
    pthread_mutex_unlock(&p->lock);
    p->done = 1;                     // RACE!: main reads it without the lock
    memcpy(p->name, "worker", 7);    // RACE!: main reads the name
    return NULL;
}

int main(void) {
    pool = calloc(1, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_t t;
    pthread_create(&t, NULL, worker, pool);
    pthread_mutex_lock(&pool->lock);
    pool->jobs++;
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_lock(&pool->lock);
    int d = pool->done;              // read under pool->lock, which the worker does not hold when it writes
    pthread_mutex_unlock(&pool->lock);
    size_t n = strlen(pool->name);
    pthread_join(t, NULL);
    return d + (int) n;
}
