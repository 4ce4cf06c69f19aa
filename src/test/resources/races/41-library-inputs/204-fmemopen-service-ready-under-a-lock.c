/* expect: race-free */
/* issue 35: 203's service with the ready flag raised and read under one lock. The service reads its settings from a
   string through fmemopen (fgets line by line, a short fread of the last item, feof at the end), writes its status
   into a fixed 8-byte field through fmemopen (cut by glibc at fflush, which answers EOF) and appends to a boot log
   through fmemopen's "a" mode. Proved race-free. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *watchdog(void *arg) {
    pthread_mutex_lock(&lock);
    int seen = ready; // NORACE
    pthread_mutex_unlock(&lock);
    printf("service %s\n", seen ? "ready" : "starting");
    return arg;
}

int main(void) {
    pthread_t t;
    char settings[] = "threads 4\nqueue 16\nmode=x";
    char line[32], tail[8] = {0};
    int lines = 0;
    pthread_create(&t, NULL, watchdog, NULL);
    FILE *in = fmemopen(settings, strlen(settings), "r");
    if (in == NULL) return 1;
    while (lines < 2 && fgets(line, sizeof line, in) != NULL) lines++;
    size_t got = fread(tail, 1, sizeof tail, in);
    int at_end = feof(in);
    fclose(in);

    char status[8] = "zzzzzzz";
    FILE *field = fmemopen(status, sizeof status, "w");
    if (field == NULL) return 1;
    fprintf(field, "%d-%s", lines, "workers");
    int untouched = status[0] == 'z';
    int flushed = fflush(field);
    int failed = ferror(field);
    fclose(field);

    char boot[24] = "boot;";
    FILE *log = fmemopen(boot, sizeof boot, "a");
    if (log == NULL) return 1;
    fputs("cfg=", log);
    fputc('0' + lines, log);
    fclose(log);

    if (lines == 2 && strcmp(line, "queue 16\n") == 0 && got == 6 && memcmp(tail, "mode=x", 6) == 0 && at_end
        && untouched && flushed == EOF && failed && strcmp(status, "2-worke") == 0 && strcmp(boot, "boot;cfg=2") == 0) {
        pthread_mutex_lock(&lock);
        ready = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    pthread_join(t, NULL);
    return 0;
}
