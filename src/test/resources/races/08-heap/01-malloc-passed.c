/* expect: race-free */
/* A malloc'd object is initialised before create, used by one thread, read and freed after join. */
#include <pthread.h>
#include <stdlib.h>

void *worker(void *arg) {
    int *p = arg;
    *p += 5; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    int *p = malloc(sizeof *p);
    if (p == NULL)
        return 1;
    *p = 10; // NORACE
    pthread_create(&t, NULL, worker, p);
    pthread_join(t, NULL);
    int r = *p; // NORACE
    free(p);
    return r;
}
