/* expect: race-free */
/* A wrapper returns fresh memory on every call, so the two threads get distinct objects from one allocation site. */
#include <pthread.h>
#include <stdlib.h>

static int *new_counter(void) {
    int *p = malloc(sizeof *p);
    if (p != NULL)
        *p = 0; // NORACE
    return p;
}

void *worker(void *arg) {
    int *c = arg;
    (*c)++; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    int *a = new_counter();
    int *b = new_counter();
    if (a == NULL || b == NULL)
        return 1;
    pthread_create(&t1, NULL, worker, a);
    pthread_create(&t2, NULL, worker, b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    int r = *a + *b; // NORACE
    free(a);
    free(b);
    return r;
}
