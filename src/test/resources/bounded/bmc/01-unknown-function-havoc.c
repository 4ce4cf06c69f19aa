/* expect: racy. An unknown external function may return the address of any object and write anything anywhere, so memory is
 * havocked in every round the thread may run it in. With memory as one Z3 array (store chains under if-then-else of
 * arrays, one fresh array per havoc) Z3 did not return on this program, and neither its timeout, its rlimit nor an
 * interrupt stopped it; the encoding has no array terms now (weft.bounded.bmc.Rest). */
#include <pthread.h>

int g;
extern int *get_ptr(void);

void *t(void *a) {
    int *q = get_ptr();
    *q = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    g = 2; // RACE!
    return 0;
}
