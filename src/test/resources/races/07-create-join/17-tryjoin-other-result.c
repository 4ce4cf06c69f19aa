/* expect: racy */
/* weft: imprecise: the explorer stops at a pthread_tryjoin_np of a running thread (it may fail), so the race stays possible */
/* The racy twin of 16: the test reads the try of the second worker, so the first worker's record is read on a branch
   that says nothing about the first. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

struct stats { long served; long failed; };
static struct stats s1, s2;

static void *serve1(void *arg) {
    (void) arg;
    s1.served = 10; // RACE!
    s1.failed = 1;
    return NULL;
}

static void *serve2(void *arg) {
    (void) arg;
    s2.served = 20;
    s2.failed = 2;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, serve1, NULL);
    pthread_create(&b, NULL, serve2, NULL);
    long total = 0;
    int ra = pthread_tryjoin_np(a, NULL);
    int rb = pthread_tryjoin_np(b, NULL);
    if (rb == 0)
        total += s1.served + s1.failed; // RACE!
    if (ra != 0)
        pthread_join(a, NULL);
    if (rb != 0)
        pthread_join(b, NULL);
    total += s2.served + s2.failed;
    printf("%ld\n", total);
    return 0;
}
