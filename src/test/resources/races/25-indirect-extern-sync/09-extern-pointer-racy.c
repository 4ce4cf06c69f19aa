/* expect: racy */
/* weft: imprecise: p is defined and initialised by outside code, which the exploration cannot run */
/* p is declared extern and defined elsewhere: outside code initialised it, so both threads may write the same int. */
#include <pthread.h>

extern int *p;

void *worker(void *arg) {
    (void)arg;
    *p = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    *p = 2; // RACE!
    pthread_join(t, NULL);
    return 0;
}
