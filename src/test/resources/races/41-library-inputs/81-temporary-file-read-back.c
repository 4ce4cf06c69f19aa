/* expect: race-free */
/* weft: imprecise: a temporary file gives back what was written into it, which the explorer does not follow: it stops at the read, so no layer proves the program */
/* issue 35: a worker writes a line into tmpfile's stream, rewinds it and reads the line back; only a read that met the end (which a temporary file does not give here) would set the flag main sets unlocked. Taking tmpfile's stream for the reproducer's /dev/null, as fopen's, would confirm a race no run has. */
#include <pthread.h>
#include <stdio.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    FILE *f = tmpfile();
    if (f == NULL)
        return 0;
    fputs("spool\n", f);
    rewind(f);
    char b[8];
    if (fgets(b, sizeof b, f) == NULL && feof(f))
        flag = 1; // NORACE
    fclose(f);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
