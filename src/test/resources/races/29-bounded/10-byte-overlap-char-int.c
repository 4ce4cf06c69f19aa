/* expect: racy */
/* The worker writes byte 2 of v through a char pointer when its input says so, main the int v through an int
 * pointer: the bytes overlap. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int v;
void *worker(void *arg) {
    char *c = (char *)arg;
    if (__VERIFIER_nondet_int() == 77)
        c[2] = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    int *p = &v;
    pthread_create(&t, 0, worker, &v);
    *p = 5; // RACE!
    pthread_join(t, 0);
    return 0;
}
