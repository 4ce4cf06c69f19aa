/* expect: race-free */
/* The shape a thread pool has the counter join in (the real programs pthread-race-challenges' kernels come from):
   workers take jobs from a queue under the pool's mutex until shutdown, add to a total under another mutex, and on
   the way out, still holding the pool's mutex, count themselves out and wake the waiter. main counts each worker in
   before creating it, queues the jobs, shuts the pool down and waits for the count to reach 0; the total it then
   reads unprotected was last written by a worker that has ended. */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 2
#define JOBS 4

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static int queue[JOBS];
static int head, tail;
static int shutting_down;
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
    for (;;) {
        while (!shutting_down && head == tail)
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
    for (int i = 0; i < WORKERS; i++) {
        pthread_t t;
        pthread_mutex_lock(&pool_lock);
        live_workers++;
        pthread_mutex_unlock(&pool_lock);
        pthread_create(&t, NULL, worker, NULL);
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
    shutting_down = 1;
    pthread_cond_broadcast(&work);
    while (live_workers > 0)
        pthread_cond_wait(&idle, &pool_lock);
    pthread_mutex_unlock(&pool_lock);
    printf("%ld\n", total); // NORACE
    return 0;
}
