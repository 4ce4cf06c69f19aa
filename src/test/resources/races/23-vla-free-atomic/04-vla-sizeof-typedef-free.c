/* expect: race-free */
/* sizeof of a VLA type name and a VLA typedef read their size variables; here no thread writes them. */
#include <pthread.h>

int rows = 2;
int cols = 3;
int other;

void *writer(void *arg) {
    (void)arg;
    other = 4; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    unsigned long s = sizeof(int[rows]); // NORACE
    typedef int row_t[cols]; // NORACE
    row_t *p = 0;
    pthread_join(t, NULL);
    return (int)s + (p != 0) + other; // NORACE
}
