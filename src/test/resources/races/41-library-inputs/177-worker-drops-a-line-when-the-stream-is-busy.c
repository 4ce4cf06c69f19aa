/* expect: racy */
/* issue 35: a worker logs only when it gets the stream's lock at once (ftrylockfile) and otherwise counts a dropped
   line without any lock, which main reads while the worker runs: when main holds the lock (flockfile) the worker's
   try fails (glibc's EBUSY) and the race on the count is confirmed. */
#include <pthread.h>
#include <stdio.h>

static int dropped;

static void *worker(void *arg) {
    if (ftrylockfile(stderr) == 0) {
        fputs("worker: started\n", stderr);
        funlockfile(stderr);
    } else {
        dropped++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    flockfile(stderr);
    fputs("main: ", stderr);
    fputs("waiting\n", stderr);
    funlockfile(stderr);
    printf("%d dropped\n", dropped); // RACE!
    pthread_join(t, NULL);
    return 0;
}
