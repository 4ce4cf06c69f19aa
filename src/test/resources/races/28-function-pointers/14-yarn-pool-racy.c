/* expect: racy */
/* pigz's yarn thread pool with a race: each worker adds to the total after releasing the queue lock; allocation through a global function pointer initialised with malloc, lock/condition wrappers, launch() starting every thread through ignition() and a routine stored in a heap capsule, jobs handed from main to workers under a lock, join_all() over the list of threads. */
#include <pthread.h>
#include <stdlib.h>

typedef void *(*malloc_t)(size_t);
typedef void (*free_t)(void *);
static malloc_t my_malloc_f = malloc;
static free_t my_free = free;

static void *my_malloc(size_t size) {
    void *block = my_malloc_f(size);
    if (block == NULL) abort();
    return block;
}

typedef struct lock_s { pthread_mutex_t mutex; pthread_cond_t cond; long value; } lock;

static lock *new_lock(long initial) {
    lock *bolt = my_malloc(sizeof(struct lock_s));
    pthread_mutex_init(&bolt->mutex, NULL);
    pthread_cond_init(&bolt->cond, NULL);
    bolt->value = initial;
    return bolt;
}
static void possess(lock *bolt) { pthread_mutex_lock(&bolt->mutex); }
static void release(lock *bolt) { pthread_mutex_unlock(&bolt->mutex); }
static void twist(lock *bolt, long val) {
    bolt->value = val;
    pthread_cond_broadcast(&bolt->cond);
    pthread_mutex_unlock(&bolt->mutex);
}
static void wait_for_not(lock *bolt, long val) {
    while (bolt->value == val) pthread_cond_wait(&bolt->cond, &bolt->mutex);
}

typedef struct thread_s { pthread_t id; int done; struct thread_s *next; } thread;
static lock threads_lock = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
static thread *threads = NULL;

struct capsule { void (*probe)(void *); void *payload; };

static void *ignition(void *arg) {
    struct capsule *capsule = arg;
    capsule->probe(capsule->payload);
    possess(&threads_lock);
    pthread_t me = pthread_self();
    for (thread *t = threads; t != NULL; t = t->next)
        if (pthread_equal(t->id, me)) t->done = 1;
    threads_lock.value++;
    pthread_cond_broadcast(&threads_lock.cond);
    release(&threads_lock);
    my_free(capsule);
    return NULL;
}

static thread *launch(void (*probe)(void *), void *payload) {
    struct capsule *capsule = my_malloc(sizeof(struct capsule));
    capsule->probe = probe;
    capsule->payload = payload;
    possess(&threads_lock);
    thread *th = my_malloc(sizeof(struct thread_s));
    pthread_create(&th->id, NULL, ignition, capsule);
    th->done = 0;
    th->next = threads;
    threads = th;
    release(&threads_lock);
    return th;
}

static int join_all(void) {
    int count = 0;
    possess(&threads_lock);
    while (threads != NULL) {
        wait_for_not(&threads_lock, 0);
        thread **prior = &threads;
        thread *match;
        while ((match = *prior) != NULL && !match->done)
            prior = &match->next;
        if (match == NULL) abort();
        pthread_join(match->id, NULL);
        threads_lock.value--;
        *prior = match->next;
        my_free(match);
        count++;
    }
    release(&threads_lock);
    return count;
}

struct job { long seq; long len; struct job *next; };
static lock *compress_have;
static struct job *compress_head;
static long total;                       /* written by workers under compress_have */

static void compress_thread(void *dummy) {
    for (;;) {
        possess(compress_have);
        wait_for_not(compress_have, 0);
        struct job *job = compress_head;
        if (job == NULL) { release(compress_have); return; }
        compress_head = job->next;
        if (compress_head == NULL) compress_have->value = 0;
        release(compress_have);
        total += job->len;                                   // RACE!
        job->len *= 2;
        my_free(job);
    }
}

int main(void) {
    compress_have = new_lock(0);
    launch(compress_thread, NULL);
    launch(compress_thread, NULL);
    for (long seq = 0; seq < 4; seq++) {
        struct job *job = my_malloc(sizeof(struct job));
        job->seq = seq;
        job->len = seq * 10;
        possess(compress_have);
        job->next = compress_head;
        compress_head = job;
        twist(compress_have, 1);
    }
    possess(compress_have);
    compress_have->value = -1;
    twist(compress_have, -1);
    join_all();
    return (int)total;
}
