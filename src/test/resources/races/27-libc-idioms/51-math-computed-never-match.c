/* expect: race-free */
/* the race-free side of 50: one result the program expects is not the one libm gives (round(2.5) is 3, rounding half away from zero, not 2), the count is never written, and a proof computes the calls to see it. */
#include <errno.h>
#include <math.h>
#include <pthread.h>

static int scaled;

static int computed(void) {
    double r = sqrt(2.0);
    errno = 0;
    double bad = sqrt(-1.0);
    int domain = errno;
    errno = 0;
    double big = exp(1000.0);
    return r > 1.41421356 && r < 1.41421357 && isnan(bad) && domain == EDOM && isinf(big) && errno == ERANGE
        && pow(2.0, 10.0) == 1024.0 && floor(-2.5) == -3.0 && fabsf(-1.5f) == 1.5f && ldexp(1.0, 4) == 16.0
        && fmod(7.0, 3.0) == 1.0 && log10(1000.0) == 3.0 && fmax(NAN, 1.0) == 1.0 && round(2.5) == 2.0;
}

static void *worker(void *arg) {
    (void) arg;
    if (computed())
        scaled++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return scaled;
}
