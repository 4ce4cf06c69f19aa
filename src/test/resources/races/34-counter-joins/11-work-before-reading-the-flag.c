/* expect: racy */
/* As 09 (with one worker: the witness replays of a pool of three lose their way, see docs/results/history.md), but each worker first adds a warm-up job to the total, after counting itself in and before it reads
   `keep_running`: a worker that counts itself in after main has read the count as 0 still runs it while main reads
   the total. */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 1
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
    total += job; // RACE!
    pthread_mutex_unlock(&total_lock);
}

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&pool_lock);
    live_workers++;
    pthread_mutex_unlock(&pool_lock);
    run(1);
    pthread_mutex_lock(&pool_lock);
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
    printf("%ld\n", total); // RACE!
    return 0;
}
