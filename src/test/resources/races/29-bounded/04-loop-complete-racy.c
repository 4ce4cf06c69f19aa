/* expect: racy */
/* racy twin of 03: the guard (j == 2 * i) holds after the loop, so the write races with main's */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int i, j = 0;
    int k = __VERIFIER_nondet_int();
    for (i = 0; i < 10; i++)
        j += 2;
    if (j == 2 * i && k > 0)
        g = k; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
