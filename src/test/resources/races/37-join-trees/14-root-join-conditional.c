/* expect: racy */
/* The racy twin of 13: main joins the root only when it was given an argument, and reads the records in any case, so
   run without arguments it reads them while the workers may still be writing. */
#include <pthread.h>
#include <stdio.h>

#define MAX_WORKERS 16

struct stats { long items; long bytes; };

static pthread_t tids[MAX_WORKERS];
static struct stats stats[MAX_WORKERS];
static int workers;

static void *scan(void *arg) {
    int me = (int) (long) arg;
    stats[me].items = me + 1; // RACE!
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

int main(int argc, char **argv) {
    (void) argv;
    workers = 3;
    for (int i = workers - 1; i >= 0; i--)
        pthread_create(&tids[i], NULL, scan, (void *) (long) i);
    if (argc > 1)
        pthread_join(tids[0], NULL);
    long items = 0, bytes = 0;
    for (int i = 0; i < workers; i++) {
        items += stats[i].items; // RACE!
        bytes += stats[i].bytes;
    }
    printf("%ld items, %ld bytes\n", items, bytes);
    return 0;
}
