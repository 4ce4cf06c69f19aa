/* expect: racy */
/* issue 35: configuration through the environment: main sets LOG_LEVEL with setenv and hands its own MODE=... string
   to putenv before starting the worker; the worker finds both with getenv (setenv's copy, and the program's own
   string, whose byte main rewrites afterwards without a lock: the race). A variable nobody set is the world's, unset
   in the search (the reproducer's getenv answers null for it); the ones the program set are the run's
   (weft.exec.Environment), which the reproducer's real setenv and putenv make too. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char mode[] = "MODE=fast";
int verbose;

void *worker(void *arg) {
    const char *level = getenv("LOG_LEVEL");
    const char *m = getenv("MODE");
    if (getenv("WEFT_UNSET") == NULL && level != NULL && strcmp(level, "2") == 0 && m != NULL) {
        verbose = m[0] == 'f'; // RACE!
    }
    return arg;
}

int main(void) {
    if (setenv("LOG_LEVEL", "2", 1) != 0 || putenv(mode) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    mode[5] = 's'; // RACE!
    pthread_join(t, NULL);
    return verbose;
}
