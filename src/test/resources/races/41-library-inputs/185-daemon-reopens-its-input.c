/* expect: race-free */
/* issue 35: the twin of 184: main detaches its standard input (freopen of /dev/null, "r": an empty file from then
   on, so its getchar meets the end at once) and counts only after joining the worker. */
#include <pthread.h>
#include <stdio.h>

static long requests;

static void *worker(void *arg) {
    for (int i = 0; i < 3; i++)
        requests++; // NORACE
    return arg;
}

int main(void) {
    if (freopen("/dev/null", "r", stdin) == NULL) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int c = getchar();
    pthread_join(t, NULL);
    printf("requests: %ld, input %s\n", requests, c == EOF ? "detached" : "open"); // NORACE
    return 0;
}
