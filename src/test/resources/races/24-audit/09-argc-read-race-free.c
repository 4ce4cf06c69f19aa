/* expect: race-free */
/* main reads argc, but the worker's access is ordered by the join whatever its value: still race-free */
#include <pthread.h>

int count, limit;

void *worker(void *arg) {
    for (int i = 0; i < limit; i++) count++; // NORACE
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t;
    limit = argc;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    count = 0; // NORACE
    return 0;
}
