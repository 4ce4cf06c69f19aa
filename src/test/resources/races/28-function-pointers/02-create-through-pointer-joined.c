/* expect: race-free */
/* pthread_create called through a global function pointer and through a creator passed as an argument: main reads count only after joining each worker. */
#include <pthread.h>

typedef int (*create_f)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static create_f spawn = pthread_create;
int count;

void *worker(void *arg) {
    count++;                                   // NORACE
    return NULL;
}

static void start(create_f how, pthread_t *t) {
    how(t, NULL, worker, NULL);
}

int main(void) {
    pthread_t a, b;
    spawn(&a, NULL, worker, NULL);
    pthread_join(a, NULL);
    int first = count;                         // NORACE
    start(spawn, &b);
    pthread_join(b, NULL);
    return first + count;                      // NORACE
}
