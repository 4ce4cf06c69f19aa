/* expect: racy */
/* issue 35: two threads draw from one seed with rand_r, which reads and writes it inside the C library (ThreadSanitizer has no interceptor for it: the reproducer's wrapper makes those accesses again): the explorer confirms the race on the seed. */
#include <pthread.h>
#include <stdlib.h>

static unsigned seed = 1;

static void *worker(void *arg) {
    (void) arg;
    int r = rand_r(&seed); // RACE!
    return (void *) (long) r;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int r = rand_r(&seed); // RACE!
    pthread_join(t, 0);
    return r < 0;
}
