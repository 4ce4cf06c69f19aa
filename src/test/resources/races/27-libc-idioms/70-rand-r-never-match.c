/* expect: race-free */
/* issue 35, the twin of 69: the worker sets the flag only if rand_r drew another number than glibc's generator gives for seed 7, or if error(0, ...) ended the program; main's write waits for the join otherwise: no run races, which the exploration proves. */
#include <error.h>
#include <pthread.h>
#include <stdlib.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    unsigned seed = 7;
    int first = rand_r(&seed);
    int second = rand_r(&seed);
    error(0, 0, "drew %d and %d", first, second);
    if (first != 1187592820 || second != 153898277 || seed != 2368046169u)
        flag = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
