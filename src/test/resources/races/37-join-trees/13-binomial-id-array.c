/* expect: race-free */
/* 07 with the ids in a global array, as most programs keep them, and the workers counted by a global main sets once:
   each worker fills its own statistics record, then joins the workers of its binomial subtree; main joins worker 0
   and prints every record. */
#include <pthread.h>
#include <stdio.h>

#define MAX_WORKERS 16

struct stats { long items; long bytes; };

static pthread_t tids[MAX_WORKERS];
static struct stats stats[MAX_WORKERS];
static int workers;

static void *scan(void *arg) {
    int me = (int) (long) arg;
    stats[me].items = me + 1; // NORACE
    stats[me].bytes = (me + 1) * 512L;
    for (int step = 0;; step++) {
        if (me % (2 << step))
            break;
        int child = me + (1 << step);
        if (child >= workers)
            break;
        pthread_join(tids[child], NULL);
    }
    return NULL;
}

int main(void) {
    workers = 11;
    for (int i = workers - 1; i >= 0; i--)
        pthread_create(&tids[i], NULL, scan, (void *) (long) i);
    pthread_join(tids[0], NULL);
    long items = 0, bytes = 0;
    for (int i = 0; i < workers; i++) {
        items += stats[i].items; // NORACE
        bytes += stats[i].bytes;
    }
    printf("%ld items, %ld bytes\n", items, bytes);
    return 0;
}
