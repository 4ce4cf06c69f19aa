/* expect: racy */
/* weft: imprecise: the exploration does not run a failing pthread_create, so it cannot confirm the race */
/* D25: pthread_create may fail (EAGAIN), and when the second one does, main does the work itself and writes `g`
   while the first worker does. The exploration and the bounded layer took every creation to succeed and proved the
   program race-free: a wrong `true`, found by reading after D24. Now a proof of the exploration stops at a creation
   whose result the program uses, and the bounded layer lets such a creation fail. With a pthread_create whose second
   call fails (-Wl,--wrap), ThreadSanitizer reports the race on every run. */
#include <pthread.h>

int g;

void *worker(void *arg) {
    (void)arg;
    g = 1; // RACE!
    return 0;
}

void *helper(void *arg) {
    return arg;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    if (pthread_create(&t2, 0, helper, 0) != 0)
        g = 2; // RACE!
    else
        pthread_join(t2, 0);
    pthread_join(t1, 0);
    return 0;
}
