/* expect: racy */
/* weft: imprecise: an unknown external function cannot be executed, so the race cannot be confirmed */
/* An unknown external function may return the address of any global: the write through it races with main's write. */
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
