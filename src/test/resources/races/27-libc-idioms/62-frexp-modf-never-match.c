/* expect: race-free */
/* twin of 61: 12.0 is 0.75 times 2 to the 4th, not the 3rd, so the condition never holds. */
#include <math.h>
#include <pthread.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int ex = 0;
    double ip = 0;
    double m = frexp(12.0, &ex);
    double f = modf(-3.25, &ip);
    if (m == 0.75 && ex == 3 && f == -0.25 && ip == -3.0 && frexp(5e-320, &ex) > 0.5 && ex == -1060)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
