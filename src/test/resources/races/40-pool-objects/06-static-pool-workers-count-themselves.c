/* expect: race-free */
/* The self-counting pool of 34-counter-joins/09 with its state gathered in one file-scope struct, as real pools keep
   it (`static struct pool pool = { .lock = PTHREAD_MUTEX_INITIALIZER, ... }`): the flag `pool.keep_running`, the
   count `pool.live` and the queue are members, the workers reach them as `pool.x` and through a pointer to the
   pool. A member of the one global object is a place like a global variable (weft.thread.MemberCells), so the
   drain is proved as before (weft.thread.StopFlags): the total main reads after the count reaches 0 was last
   written by a finished worker. */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 3
#define JOBS 4

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work;
    pthread_cond_t idle;
    int queue[JOBS];
    int head, tail;
    int keep_running;
    int live;
    pthread_mutex_t total_lock;
    long total;
};

static struct pool pool = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .work = PTHREAD_COND_INITIALIZER,
    .idle = PTHREAD_COND_INITIALIZER,
    .total_lock = PTHREAD_MUTEX_INITIALIZER,
};

static void run(struct pool *p, int job) {
    pthread_mutex_lock(&p->total_lock);
    p->total += job; // NORACE
    pthread_mutex_unlock(&p->total_lock);
}

static void *worker(void *arg) {
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock);
    p->live++;
    while (p->keep_running) {
        while (p->keep_running && p->head == p->tail)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->head == p->tail)
            break;
        int job = p->queue[p->head % JOBS];
        p->head++;
        pthread_mutex_unlock(&p->lock);
        run(p, job);
        pthread_mutex_lock(&p->lock);
    }
    p->live--;
    pthread_cond_broadcast(&p->idle);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int main(void) {
    pool.keep_running = 1;
    for (int i = 0; i < WORKERS; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, worker, &pool) == 0)
            pthread_detach(t);
    }
    for (int j = 0; j < JOBS; j++) {
        pthread_mutex_lock(&pool.lock);
        pool.queue[pool.tail % JOBS] = j;
        pool.tail++;
        pthread_cond_signal(&pool.work);
        pthread_mutex_unlock(&pool.lock);
    }
    pthread_mutex_lock(&pool.lock);
    pool.keep_running = 0;
    pthread_cond_broadcast(&pool.work);
    while (pool.live > 0)
        pthread_cond_wait(&pool.idle, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    printf("%ld\n", pool.total); // NORACE
    return 0;
}
