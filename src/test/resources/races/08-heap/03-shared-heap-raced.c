/* expect: racy */
/* One heap object is handed to two threads that both write it without synchronisation. */
#include <pthread.h>
#include <stdlib.h>

void *worker(void *arg) {
    int *p = arg;
    *p += 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    int *p = malloc(sizeof *p);
    if (p == NULL)
        return 1;
    *p = 0; // NORACE
    pthread_create(&t1, NULL, worker, p);
    pthread_create(&t2, NULL, worker, p);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    int r = *p; // NORACE
    free(p);
    return r;
}
