/* expect: race-free */
/* issue 35: main copies its settings (strdup, strndup: blocks of their own, computed in proofs) and writes the shared
   counter only when the copies differ from what they copy, which they never do; the worker's write then races with
   nothing. A proof runs the copies (weft.exec.StringFunctions) and explores every interleaving (the copies are not
   tested for null: a test of a fresh allocation is an input, as for malloc, D24). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int jobs;

void *worker(void *arg) {
    jobs = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    char *spool = strdup("/var/spool/weft");
    char *name = strndup(spool + 5, 5);
    if (strcmp(name, "spool") != 0 || strlen(spool) != 15) jobs = 2;
    free(name);
    free(spool);
    pthread_join(t, 0);
    jobs = 3; // NORACE
    return 0;
}
