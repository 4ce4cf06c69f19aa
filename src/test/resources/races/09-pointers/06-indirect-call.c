/* expect: racy */
/* The racy write is reached through an indirect call via a global function pointer set by main. */
#include <pthread.h>

int g;

static void noop(void) {
}

static void bump(void) {
    g++; // RACE!
}

void (*op)(void) = noop;

void *worker(void *arg) {
    (void)arg;
    op();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    op = bump; // NORACE
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return g; // NORACE
}
