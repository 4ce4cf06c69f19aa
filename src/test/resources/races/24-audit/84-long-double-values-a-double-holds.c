/* expect: racy */
/* audit D56's other side: long double values a double holds are the interpreter's (x87's 80-bit format in memory:
   stored, read back, converted, compared; strtold's number when a double holds it): the race behind them is
   confirmed. */
#include <pthread.h>
#include <stdlib.h>

static int calibrated;
static long double scale[2];

static void *probe(void *arg) {
    calibrated = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, probe, NULL);
    char *end;
    scale[0] = strtold(" 0x1.8p1 Hz", &end);
    scale[1] = scale[0];
    double d = (double) scale[0];
    if (*end == ' ' && scale[1] == 3.0L && d == 3.0 && 0.375L < scale[0] && (float) scale[0] == 3.0f) calibrated = 2; // RACE!
    pthread_join(t, NULL);
    return calibrated == 2;
}
