/* expect: racy */
/* weft: imprecise: the explorer stops at a pthread_tryjoin_np of a running thread (it may fail), so the race stays possible */
/* 16's poll, where the record is read on the branch where the try failed (EBUSY: the worker still runs) and main
   joins the worker only afterwards. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

static long served;

static void *serve(void *arg) {
    (void) arg;
    served = 10; // RACE!
    return NULL;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, NULL, serve, NULL);
    long seen = 0;
    int r = pthread_tryjoin_np(a, NULL);
    if (r != 0) {
        seen = served; // RACE!
        pthread_join(a, NULL);
    }
    printf("%ld\n", seen);
    return 0;
}
