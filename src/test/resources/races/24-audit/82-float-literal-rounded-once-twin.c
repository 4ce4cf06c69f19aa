/* expect: race-free */
/* audit D55's twin: the flag is written only when the literal, rounded once to a float, equals 1, which it does not:
   proved (the exploration holds gcc's float). Weft, rounding it twice to 1, confirmed a race no run has (`false` on
   85a08b1). */
#include <pthread.h>
#include <stdio.h>

static int overflowed;

static void *sampler(void *arg) {
    overflowed = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, sampler, NULL);
    float gain = 1.00000005960464477539062582718061255302767487140869206996285356581211090087890625f;
    if (gain == 1.0f) overflowed = 2; // NORACE
    pthread_join(t, NULL);
    printf("%d\n", overflowed);
    return 0;
}
