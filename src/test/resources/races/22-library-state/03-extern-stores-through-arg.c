/* expect: racy */
/* weft: imprecise: an unknown external function cannot be executed, so the race cannot be confirmed */
/* An unknown external function may store the address of a global through its pointer argument. */
#include <pthread.h>

int g;
extern void lookup(const char *key, int **out);

void *t(void *a) {
    int *q = 0;
    lookup("counter", &q);
    *q += 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    g = 2; // RACE!
    return 0;
}
