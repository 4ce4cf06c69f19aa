/* expect: racy */
/* audit D46, its regression: returning from main is calling exit, which writes out every stream's buffer. Here the buffer is the program's array, handed to the standard output by setvbuf, and a worker that is never joined writes it while main returns: a race between the worker and exit's flush, which no call in main shows. Returning from main now reads and writes the buffers handed to streams, as exit does. weft: imprecise: the explorer stops at a buffer of the program's, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>

static char buf[BUFSIZ];

static void *worker(void *arg) {
    (void) arg;
    buf[0] = 'x'; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    pthread_create(&t, 0, worker, 0);
    return 0; // RACE!
}
