/* expect: racy */
/* issue 35: a tool that copies its settings (strdup, strndup) and reads its spool directory from the environment,
   falling back to a default when the variable is unset; the worker it then starts races with main. The environment
   is the world's: the witness search takes the variable to be unset (recorded), the reproducer's getenv answers the
   same, so ThreadSanitizer sees the race whatever the machine's environment holds. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char *spool;
int jobs;

void *worker(void *arg) {
    jobs = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    const char *dir = getenv("PATH");
    spool = strdup(dir != NULL ? dir : "/var/spool/weft");
    char *name = strndup(spool + 5, 5);
    if (spool == NULL || name == NULL || strcmp(name, "spool") != 0) return 1;
    free(name);
    pthread_create(&t, 0, worker, 0);
    jobs = 2; // RACE!
    pthread_join(t, 0);
    free(spool);
    return 0;
}
