/* expect: race-free */
/* Twin of 07 whose worker updates the statistics under the lock main takes. */
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
    pthread_mutex_lock(&lock);
    stats.pid = getpid(); // NORACE
    stats.cpus = cpus; // NORACE
    stats.workers++; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&lock);
    long pid = stats.pid; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("%ld %ld %d\n", pid, stats.cpus, stats.workers);
    return 0;
}
