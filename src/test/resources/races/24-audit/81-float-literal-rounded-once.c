/* expect: racy */
/* audit D55: a float literal is rounded once, to a float, as the compiler rounds it. This one lies a hair above the
   midpoint between 1 and the next float: gcc rounds it up, so the test is true and main writes the flag the worker
   writes. Weft parsed it to a double first (the hair lost), then to a float (the midpoint, rounded to even: 1), took the
   branch for dead and proved the program race-free (`true` on 85a08b1). */
#include <pthread.h>
#include <stdio.h>

static int overflowed;

static void *sampler(void *arg) {
    overflowed = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, sampler, NULL);
    float gain = 1.00000005960464477539062582718061255302767487140869206996285356581211090087890625f;
    if (gain != 1.0f) overflowed = 2; // RACE!
    pthread_join(t, NULL);
    printf("%d\n", overflowed);
    return 0;
}
