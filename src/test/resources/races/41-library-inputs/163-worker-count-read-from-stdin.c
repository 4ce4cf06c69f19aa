/* expect: racy */
/* issue 35: a worker reads its job count from the standard input with scanf (weft.exec.Streams#scanStdin: the
   characters are the world's, scanned as glibc's vfscanf scans them, the newline after the number pushed back for
   the next read). With a positive count it counts its jobs without a lock while main reads the count: confirmed, and
   the reproducer feeds the witness's characters to the program's standard input. */
#include <pthread.h>
#include <stdio.h>

static int jobs;

static void *worker(void *arg) {
    int n = 0;
    if (scanf("%d", &n) == 1 && n > 0 && getchar() == '\n') {
        jobs += n; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = jobs; // RACE!
    pthread_join(t, NULL);
    return seen;
}
