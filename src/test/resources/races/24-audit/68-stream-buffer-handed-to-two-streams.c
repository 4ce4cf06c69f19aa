/* expect: racy */
/* audit D46, the bound of its precision: the same array is handed to two streams as their buffer, the standard output and the standard error, and a worker prints to one while main prints to the other. Each call locks its own stream only, so the two streams' writes into the shared array race. The stream lock orders only the accesses of a buffer handed to one stream at one call (weft.thread.StreamHandOvers); here two calls hand it over. weft: imprecise: the explorer stops at a buffer of the program's, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>

static char buf[BUFSIZ];

static void *worker(void *arg) {
    (void) arg;
    fprintf(stdout, "worker\n"); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    setvbuf(stderr, buf, _IOFBF, sizeof buf);
    pthread_create(&t, 0, worker, 0);
    fprintf(stderr, "main\n"); // RACE!
    pthread_join(t, 0);
    return 0;
}
