/* expect: race-free */
/* A C11 _Thread_local variable (with a static initialiser) is private to each thread. */
#include <pthread.h>

_Thread_local int scratch = 7;

void *worker(void *arg) {
    (void)arg;
    scratch = scratch * 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    scratch = 0; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return scratch; // NORACE
}
