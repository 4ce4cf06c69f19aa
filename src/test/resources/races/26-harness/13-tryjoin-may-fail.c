/* expect: racy */
/* weft: imprecise: the explorer stops at a pthread_tryjoin_np of a running thread (it may fail, or time out), so the race stays possible */
/* Soundness defect D21 (found while reading the explorer's join, 2026-11-29): the thread-modular layer took
   pthread_tryjoin_np (and pthread_timedjoin_np) for a join that waits, so main's write after it was ordered after the
   worker's and Weft answered race-free; the call fails with EBUSY while the worker still runs, and ThreadSanitizer
   reports the race. Only a join that waits (Event.ThreadJoin.waits) joins now; the harness generates the construct
   (hole try_join). */
#define _GNU_SOURCE
#include <pthread.h>

int x;

void *worker(void *arg) {
    (void)arg;
    x = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_tryjoin_np(t, 0);
    x = 2; // RACE!
    return 0;
}
