/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* Returning from main runs the exit handlers (as exit does) while the worker, never joined, still runs. The handlers
 * were lowered after main's return, which the explorer takes for the end of the process: it never ran them, and its
 * exhaustive exploration answered race-free. They now run before each return of main. */
#include <pthread.h>
#include <stdlib.h>

int g;

static void bye(void) {
    g = 1; // RACE!
}

void *worker(void *a) {
    g = 3; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    atexit(bye);
    pthread_create(&t, 0, worker, 0);
    return 0;
}
