/* expect: racy */
/* issue 35: a daemon's start: main sends its standard output to a log file (freopen, the daemon idiom) and then
   reads the request count a worker updates without a lock. The log file is the world's, taken to open (the
   reproducer reopens the stream on /dev/null); printing to it goes on, and the race on the count is confirmed. */
#include <pthread.h>
#include <stdio.h>

static long requests;

static void *worker(void *arg) {
    for (int i = 0; i < 3; i++)
        requests++; // RACE!
    return arg;
}

int main(void) {
    if (freopen("/var/log/weft-daemon.log", "a", stdout) == NULL) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    printf("requests so far: %ld\n", requests); // RACE!
    fflush(stdout);
    pthread_join(t, NULL);
    return 0;
}
