/* expect: racy */
/* weft: imprecise: the literal's number is a long double no double holds, and the interpreter holds no other long double: the exploration stops there (unknown, never true) */
/* audit D56: a long double literal's number is not the double nearest it. x87's long double holds this one exactly
   enough to tell it from 3, so the test is true and main writes the flag the worker writes. Weft took the literal for
   the double 3.0, the branch for dead, and proved the program race-free (`true` on 85a08b1). */
#include <pthread.h>

static int calibrated;

static void *probe(void *arg) {
    calibrated = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, probe, NULL);
    if (3.0000000000000001L != 3.0L) calibrated = 2; // RACE!
    pthread_join(t, NULL);
    return calibrated == 2;
}
