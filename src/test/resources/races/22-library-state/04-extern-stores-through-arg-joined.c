/* expect: race-free */
/* Twin of 03: main writes the global only after joining the thread that used the external's pointer. */
#include <pthread.h>

int g;
extern void lookup(const char *key, int **out);

void *t(void *a) {
    int *q = 0;
    lookup("counter", &q);
    *q += 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    pthread_join(a, 0);
    g = 2; // NORACE
    return 0;
}
