/* expect: race-free */
/* A pool of scratch buffers shared by the workers, with a bitmask of the free ones: each worker, for each job, takes a
   free buffer under the pool's mutex (scanning the mask for a set bit, then clearing it), fills and reads it without
   the lock, and gives it back under the mutex. No thread is handed a slot: each takes and returns its own. */
#include <pthread.h>
#include <stdlib.h>

#define NBUF 4

static char buffers[NBUF][32];
static unsigned int pool_free = (1u << NBUF) - 1;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static long done;

static void *worker(void *arg) {
    long id = (long)arg;
    for (int job = 0; job < 2; job++) {
        pthread_mutex_lock(&pool_lock);
        if (pool_free == 0) {
            pthread_mutex_unlock(&pool_lock);
            continue;
        }
        int b = 0;
        while (!(pool_free & (1u << b))) b++;
        pool_free &= ~(1u << b);
        pthread_mutex_unlock(&pool_lock);
        buffers[b][0] = (char)('0' + id); // NORACE
        buffers[b][1] = (char)job; // NORACE
        int sum = buffers[b][0] + buffers[b][1]; // NORACE
        pthread_mutex_lock(&pool_lock);
        pool_free |= 1u << b;
        done += sum;
        pthread_mutex_unlock(&pool_lock);
    }
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return done > 0 ? 0 : 1;
}
