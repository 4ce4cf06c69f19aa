/* expect: race-free */
/* The shape of a thread pool whose workers count themselves (pthread-race-challenges/thread-join-counter-inner-3 and
   the real pools it comes from): each worker adds itself to `live_workers` under the pool's mutex when it starts,
   takes jobs while `keep_running` is set, and subtracts itself as the last thing it does. main never counts the
   workers: it clears `keep_running`, then waits until it reads 0. A worker that counted itself in before that read
   has counted itself out before it, with every job it ran; one that counts itself in later reads the flag cleared
   and runs no job. So the total main then reads unprotected was last written by a worker that has finished
   (weft.thread.StopFlags). */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 3
#define JOBS 4

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static int queue[JOBS];
static int head, tail;
static int keep_running;
static int live_workers;

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void run(int job) {
    pthread_mutex_lock(&total_lock);
    total += job; // NORACE
    pthread_mutex_unlock(&total_lock);
}

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&pool_lock);
    live_workers++;
    while (keep_running) {
        while (keep_running && head == tail)
            pthread_cond_wait(&work, &pool_lock);
        if (head == tail)
            break;
        int job = queue[head % JOBS];
        head++;
        pthread_mutex_unlock(&pool_lock);
        run(job);
        pthread_mutex_lock(&pool_lock);
    }
    live_workers--;
    pthread_cond_broadcast(&idle);
    pthread_mutex_unlock(&pool_lock);
    return NULL;
}

int main(void) {
    keep_running = 1;
    for (int i = 0; i < WORKERS; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, worker, NULL) == 0)
            pthread_detach(t);
    }
    for (int j = 0; j < JOBS; j++) {
        pthread_mutex_lock(&pool_lock);
        queue[tail % JOBS] = j;
        tail++;
        pthread_cond_signal(&work);
        pthread_mutex_unlock(&pool_lock);
    }
    pthread_mutex_lock(&pool_lock);
    keep_running = 0;
    pthread_cond_broadcast(&work);
    while (live_workers > 0)
        pthread_cond_wait(&idle, &pool_lock);
    pthread_mutex_unlock(&pool_lock);
    printf("%ld\n", total); // NORACE
    return 0;
}
