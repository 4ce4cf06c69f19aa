/* expect: race-free */
/* Twin of 05 with the reentrant rand_r on a seed of each thread's own. */
#include <pthread.h>
#include <stdlib.h>

void *t(void *a) {
    unsigned seed = 1;
    int r = rand_r(&seed); // NORACE
    return (void *)(long)r;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    unsigned seed = 2;
    int r = rand_r(&seed); // NORACE
    pthread_join(a, 0);
    return r & 1;
}
