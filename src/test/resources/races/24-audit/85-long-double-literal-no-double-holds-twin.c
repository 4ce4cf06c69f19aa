/* expect: race-free */
/* weft: imprecise: the literal's number is a long double no double holds, and the interpreter holds no other long double: the exploration stops there (unknown, never false) */
/* audit D56's twin: the flag is written only when the literal equals 3 as a long double, which it does not. Weft,
   taking the literal for the double 3.0, confirmed a race no run has (`false` on 85a08b1). */
#include <pthread.h>

static int calibrated;

static void *probe(void *arg) {
    calibrated = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, probe, NULL);
    if (3.0000000000000001L == 3.0L) calibrated = 2; // NORACE
    pthread_join(t, NULL);
    return calibrated == 2;
}
