/* expect: racy */
/* the math library computed by the installed libm (issue 35: weft.installed.MathLibrary), errno included (sqrt of a negative number sets EDOM, exp's overflow ERANGE), and gcc's classification builtins (isnan, isinf): the count is written only when every result is the one the program linked with -lm gets. */
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
        && fmod(7.0, 3.0) == 1.0 && log10(1000.0) == 3.0 && fmax(NAN, 1.0) == 1.0 && round(2.5) == 3.0;
}

static void *worker(void *arg) {
    (void) arg;
    if (computed())
        scaled++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return scaled;
}
