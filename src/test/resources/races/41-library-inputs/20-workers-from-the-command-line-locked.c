/* expect: race-free */
/* issue 35: the locked twin of 19: however many workers the command line asks for, the counter is incremented under a
   mutex. */
#include <pthread.h>
#include <stdlib.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    counter++; // NORACE
    pthread_mutex_unlock(&m);
    return arg;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1;
    if (n > 2)
        n = 2;
    pthread_t t[2];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    return counter;
}
