/* expect: race-free */
/* weft: imprecise: the thread-modular layer takes each read of the standard input for any byte, the exploration stops at it (an input) and the bounded layer's reads are not sticky either; the search alone cannot prove */
/* audit D37, its regression: once a read of the standard input met its end, the end-of-file indicator stays set and every later getchar returns EOF without reading (C11 7.21.7.1p3; glibc since 2.28). The witness search chose each byte anew, so it read EOF and then 'x' and confirmed a race no run has: main writes 'shared' only after that. */
#include <pthread.h>
#include <stdio.h>

static int shared;

static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int first = getchar();
    int second = getchar_unlocked();
    if (first == EOF && second == 'x')
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
