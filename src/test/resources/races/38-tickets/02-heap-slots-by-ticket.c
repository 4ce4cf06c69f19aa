/* expect: race-free */
/* The shape real programs have: per-thread statistics records in a heap array that main allocates before starting the
   workers; each worker takes a ticket under the pool's mutex and then updates only the record it selects, many times,
   without the lock. Main reads the records after joining. */
#include <pthread.h>
#include <stdlib.h>

struct stats { long jobs; long bytes; };
static struct stats *per_worker;
static int nworkers = 3;
static int next_slot;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&pool_lock);
    int slot = next_slot;
    next_slot = next_slot + 1;
    pthread_mutex_unlock(&pool_lock);
    if (slot >= nworkers) return NULL;
    for (int j = 0; j < 5; j++) {
        per_worker[slot].jobs++; // NORACE
        per_worker[slot].bytes += 100 * j; // NORACE
    }
    return NULL;
}

int main(void) {
    per_worker = calloc(3, sizeof *per_worker);
    if (!per_worker) return 1;
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    long total = 0;
    for (int i = 0; i < 3; i++) total += per_worker[i].jobs;
    free(per_worker);
    return total == 15 ? 0 : 1;
}
