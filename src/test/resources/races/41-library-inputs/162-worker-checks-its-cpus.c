/* expect: racy */
/* issue 35: a worker asks which CPUs it may run on (weft.exec.Resources#affinity): the mask is the world's, and glibc
   zeroes the mask's bytes past the kernel's. A worker allowed on CPU 0 counts itself without a lock while main reads
   the count: confirmed, and the reproducer's wrapper gives the same mask back. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

static int on_cpu0;

static void *worker(void *arg) {
    cpu_set_t set;
    if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) == 0 && CPU_ISSET(0, &set) && !CPU_ISSET(200, &set)) {
        on_cpu0++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = on_cpu0; // RACE!
    pthread_join(t, NULL);
    return seen;
}
