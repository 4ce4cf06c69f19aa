/* expect: racy */
/* issue 35: a logger keeps each line's parts together under the stream's own lock (flockfile) and counts its lines
   there; main counts its line after one fprintf, which takes the lock only for its own call, so the two counts race
   (confirmed: the explorer takes the stream's lock, and main's fprintf waits while the logger holds it). */
#include <pthread.h>
#include <stdio.h>

static int lines;

static void log_line(const char *who, const char *what) {
    flockfile(stderr);
    fputs(who, stderr);
    fputs(": ", stderr);
    fputs(what, stderr);
    fputc('\n', stderr);
    lines++; // RACE!
    funlockfile(stderr);
}

static void *worker(void *arg) {
    log_line("worker", "started");
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    fprintf(stderr, "main: waiting\n");
    lines++; // RACE!
    pthread_join(t, NULL);
    printf("%d lines\n", lines);
    return 0;
}
