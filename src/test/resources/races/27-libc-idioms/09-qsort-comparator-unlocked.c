/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* qsort calls the comparator in the calling thread: two threads sorting count comparisons unlocked. */
#include <pthread.h>
#include <stdlib.h>

long comparisons;

static int cmp(const void *a, const void *b) {
    comparisons++; // RACE!
    return *(const int *)a - *(const int *)b;
}

void *t(void *p) {
    int v[4] = {4, 2, 3, 1};
    qsort(v, 4, sizeof v[0], cmp);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)comparisons;
}
