/* expect: racy */
/* issue 35: a simulation worker draws from the 48-bit generators, on its own state (nrand48, erand48, jrand48: computed as glibc computes them, the state written back) and on the library's (drand48, mrand48, lrand48: inputs the reproducer gives back), before setting a flag main sets unlocked; confirmed. */
#include <pthread.h>
#include <stdlib.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    unsigned short x[3] = {0x330e, 0xabcd, 0x1234};
    unsigned short y[3] = {1, 2, 3};
    long a = nrand48(x);
    double e = erand48(y);
    long j = jrand48(y);
    double d = drand48();
    long m = mrand48();
    srand48(7);
    int ok = a == 851401618 && x[0] == 0x5101 && x[2] == 0x657e && e == 0.44199632268870914 && j == 1130126687;
    if (ok && y[0] == 0xf123 && y[2] == 0x435c && d >= 0.0 && d < 1.0 && m >= -2147483648L && lrand48() >= 0)
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
