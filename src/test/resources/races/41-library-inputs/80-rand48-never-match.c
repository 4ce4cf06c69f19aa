/* expect: race-free */
/* issue 35, the twin of 79: the worker sets the flag only if nrand48, erand48 or jrand48 answered otherwise than glibc's 48-bit generator (values and states checked against glibc's); each is computed, so the exploration proves that no run sets it while main does. */
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
    int wrong = a != 851401618 || x[0] != 0x5101 || x[1] != 0xb725 || x[2] != 0x657e || e != 0.44199632268870914;
    if (wrong || j != 1130126687 || y[0] != 0xf123 || y[1] != 0x5d5f || y[2] != 0x435c)
        flag = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
