/* expect: racy */
/* sizeof of a VLA type name and a VLA typedef evaluate their size expressions, reading the variables. */
#include <pthread.h>

int rows = 2;
int cols = 3;

void *writer(void *arg) {
    (void)arg;
    rows = 4; // RACE!
    cols = 4; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    unsigned long s = sizeof(int[rows]); // RACE!
    typedef int row_t[cols]; // RACE!
    row_t *p = 0;
    pthread_join(t, NULL);
    return (int)s + (p != 0);
}
