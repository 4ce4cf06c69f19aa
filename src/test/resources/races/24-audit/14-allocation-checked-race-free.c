/* expect: race-free */
/* The race-free twin of 13: when malloc fails the program gives up at once (abort), and `g` is written under the
   mutex either way. The exploration's proof stops at the test of the allocation's result (D24); the thread-modular
   layer proves it. */
#include <pthread.h>
#include <stdlib.h>

int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int *p = malloc(sizeof *p);
    if (!p) abort();
    *p = 3;
    pthread_mutex_lock(&m);
    g = *p; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    free(p);
    return 0;
}
