/* expect: race-free */
/* weft: imprecise: the stream's lock (flockfile) is not a lock for the thread-modular layer, and proofs stop at it */
/* issue 35: the race-free twin of 175: main counts its line under the stream's lock too, which it takes around the
   logger's own (the lock is recursive: log_line locks it again inside), so the counts never meet. ThreadSanitizer
   does not see glibc's stream lock and reports them (the reproducer tells it of each flockfile and funlockfile). */
#include <pthread.h>
#include <stdio.h>

static int lines;

static void log_line(const char *who, const char *what) {
    flockfile(stderr);
    fputs(who, stderr);
    fputs(": ", stderr);
    fputs(what, stderr);
    fputc('\n', stderr);
    lines++; // NORACE
    funlockfile(stderr);
}

static void *worker(void *arg) {
    log_line("worker", "started");
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    flockfile(stderr);
    log_line("main", "waiting");
    lines++; // NORACE
    funlockfile(stderr);
    pthread_join(t, NULL);
    printf("%d lines\n", lines);
    return 0;
}
