/* expect: racy */
/* issue 35: a worker names itself with prctl(PR_SET_NAME), asks the process id and the number of processors, and only then updates the shared statistics without the lock main takes; the explorer takes the results the world decides as inputs (semantics.tsv input-result), confirms the race, and the reproducer feeds them back. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

struct stats { long pid; long cpus; int workers; };
static struct stats stats;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    if (prctl(PR_SET_NAME, "worker", 0, 0, 0) != 0)
        return NULL;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus < 1)
        cpus = 1;
    stats.pid = getpid(); // RACE!
    stats.cpus = cpus;
    stats.workers++;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&lock);
    long pid = stats.pid; // RACE!
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("%ld %ld %d\n", pid, stats.cpus, stats.workers);
    return 0;
}
