/* expect: race-free */
/* weft: imprecise: a proof stops at the generators (their state is not part of a proof's) */
/* audit D50: glibc's rand and random are a deterministic generator on hidden state, which a process starts as if
   srandom(1) had run and srand sets; lrand48's 48-bit state starts at 0. Weft took their values for inputs ("the
   seed is often the world's") and chose the first candidate, 0: the search confirmed a race behind rand() == 0 that
   no execution reaches (glibc's first rand() after srand(1) is 1804289383, random() then 846930886, lrand48() 0 and
   then 4232237...), a wrong false on 0e7b516. The generators are now computed as glibc computes them: the branches
   below are never taken, and no race is confirmed. */
#include <pthread.h>
#include <stdlib.h>

int x;

void *worker(void *arg) {
    x = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    srand(1);
    pthread_create(&t, 0, worker, 0);
    if (rand() == 0) x = 2; // NORACE
    if (random() % 1000 == 7) x = 3; // NORACE
    if (lrand48() != 0) x = 4; // NORACE
    pthread_join(t, 0);
    return 0;
}
