/* expect: racy */
/* issue 35: a thread pool that names its workers for its log (weft.exec.Resources#threadName): pthread_setname_np
   refuses a name of 16 bytes or more (ERANGE) and names the thread otherwise; a new thread has its creator's name, as
   Linux gives it; pthread_getname_np refuses a buffer under 16 bytes and gives the name, the process's own (the
   world's) for a thread no one named. The worker counts its named log lines without a lock while main reads the
   count: confirmed, and the reproducer's wrappers name the real threads and give the same names back. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>

static int named;

static void *worker(void *arg) {
    char name[16], small[8];
    /* main named itself before creating the worker: the worker has its name */
    if (pthread_getname_np(pthread_self(), name, sizeof name) != 0 || strcmp(name, "pool-main") != 0) return arg;
    if (pthread_getname_np(pthread_self(), small, sizeof small) != ERANGE) return arg;
    if (pthread_setname_np(pthread_self(), "a-name-far-too-long") != ERANGE) return arg;
    if (pthread_setname_np(pthread_self(), "pool-worker-1") != 0) return arg;
    if (pthread_getname_np(pthread_self(), name, sizeof name) == 0 && strcmp(name, "pool-worker-1") == 0) {
        named++; // RACE!
    }
    return arg;
}

int main(void) {
    char own[16];
    if (pthread_getname_np(pthread_self(), own, sizeof own) != 0 || own[0] == '\0') return 1;
    if (pthread_setname_np(pthread_self(), "pool-main") != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = named; // RACE!
    pthread_join(t, NULL);
    return seen;
}
