/* expect: race-free */
/* A server's shutdown polls its workers with pthread_tryjoin_np and collects the statistics of those that have ended:
   a worker's record is read only on the branch where the try returned 0, after it joined that worker. The result of
   each try is kept in its own variable; the second worker is joined for good at the end. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

struct stats { long served; long failed; };
static struct stats s1, s2;

static void *serve1(void *arg) {
    (void) arg;
    s1.served = 10; // NORACE
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
    if (ra == 0)
        total += s1.served + s1.failed; // NORACE
    else
        pthread_join(a, NULL);
    pthread_join(b, NULL);
    total += s2.served + s2.failed;
    printf("%ld\n", total);
    return 0;
}
