/* expect: race-free */
/* D29's other side: a flush whose result the program does not use is no choice of the world, so the proof goes on. */
#include <pthread.h>
#include <stdio.h>

int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    printf("progress\n");
    fflush(stdout);
    pthread_mutex_lock(&m);
    done = 1; // NORACE
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    done = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
