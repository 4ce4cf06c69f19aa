/* expect: racy */
/* weft: imprecise: the exploration gives up on reading the indeterminate pthread_t; the bounded layer confirms the race (weft check says false) with more than the test's 3 s budget: unknown here, never true */
/* Found by the harness' mutation mode (campaign chunk mut-31, mutant join-early@17 of 07-create-join/06-unique-thread.c):
   main joins its pthread_t before creating the thread. The id names no thread; glibc returns an error (or crashes) and
   main goes on, so main's read races with the worker's updates (ThreadSanitizer reports it). The bounded layer
   assumed the id named a slot and waited for it for ever, which made the rest of main unreachable: the bounded layer
   alone answered race-free (soundness defect D19). Such a join is a cut-off now unless a create certainly
   wrote the id (bounded.seq.CreatedIds). */
#include <pthread.h>

int counter;

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 10; i++)
        counter++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_join(t, NULL);
    pthread_create(&t, NULL, worker, NULL);
    return counter; // RACE!
}
