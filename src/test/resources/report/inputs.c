/* A confirmed race whose interleaving rests on what the world answers: the report lists the inputs it assumes. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

static long cpus;

static void *worker(void *arg) {
    (void)arg;
    if (prctl(PR_SET_NAME, "worker", 0, 0, 0) != 0)
        return NULL;
    char name[16];
    snprintf(name, sizeof name, "w%d", 1);
    cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    printf("%ld\n", cpus);
    pthread_join(t, NULL);
    return 0;
}
