/* expect: racy */
/* issue 35: main writes a scratch line into tmpfile's stream; a worker reads its configuration to the end (fgets, then getc_unlocked), asks feof and ferror, clears the indicators with clearerr, seeks to the end (fseek, ftell: 0) and sets a flag main sets unlocked; the explorer keeps each stream's end-of-file indicator and confirms the race (the file opened empty, the reproducer's /dev/null). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    char line[32];
    FILE *f = fopen("worker.conf", "r");
    if (f == NULL)
        return 0;
    setvbuf(f, NULL, _IOFBF, 0);
    int before = feof(f);
    while (fgets(line, sizeof line, f) != NULL)
        fputs_unlocked(line, stdout);
    int ended = feof(f) && !ferror(f);
    clearerr(f);
    int end = getc_unlocked(f) == EOF && feof(f) && fseek(f, 0, SEEK_END) == 0 && ftell(f) == 0 && !feof(f);
    if (!before && ended && end)
        flag = 1; // RACE!
    fclose(f);
    return 0;
}

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    setlinebuf(stderr);
    FILE *scratch = tmpfile();
    if (scratch != NULL) {
        fputs("spool\n", scratch);
        fclose(scratch);
    }
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
