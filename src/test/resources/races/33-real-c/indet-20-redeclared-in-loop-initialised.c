/* expect: race-free */
/* the twin of indet-19: the local declared inside the loop body is initialised in every iteration */
#include <pthread.h>
int A, B;
int *s;
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    for (int k = 0; k < 2; k++) {
        int x = 0;
        if (x) s = &A; else s = &B;
        *s = 2; // NORACE
    }
    pthread_join(t, 0);
    return 0;
}
