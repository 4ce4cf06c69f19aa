/* expect: racy */
/* frexp and modf as the installed libm computes them (issue 35: weft.installed.MathLibrary), the exponent and the integral part stored through their pointers, a subnormal's exponent included: the count is written only when every result is libm's. */
#include <math.h>
#include <pthread.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int ex = 0;
    double ip = 0;
    double m = frexp(12.0, &ex);
    double f = modf(-3.25, &ip);
    if (m == 0.75 && ex == 4 && f == -0.25 && ip == -3.0 && frexp(5e-320, &ex) > 0.5 && ex == -1060)
        shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
