/* expect: racy */
/* getline on a configuration file the world may give (issue 35: weft.exec.Streams): an empty one, where glibc still gives the null line a 120-byte block and its size 120 before it meets the end; the worker reads the size main resets without the lock, and writes into the block. The reproducer's getline wrapper makes glibc's reads and writes of *lineptr and *n again (TSan's interceptor reports only a call that read a line). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char *line;
static size_t cap;

static void *worker(void *arg) {
    (void) arg;
    if (cap == 120) // RACE!
        line[0] = 'x';
    return 0;
}

int main(void) {
    pthread_t t;
    FILE *f = fopen("/etc/weft-example.conf", "r");
    if (f == NULL)
        return 1;
    ssize_t n = getline(&line, &cap, f);
    pthread_create(&t, 0, worker, 0);
    if (n == -1)
        cap = 0; // RACE!
    pthread_join(t, 0);
    fclose(f);
    free(line);
    return 0;
}
