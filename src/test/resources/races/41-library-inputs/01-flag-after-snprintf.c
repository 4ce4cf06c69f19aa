/* expect: racy */
/* issue 35: a worker names itself with snprintf before it sets a flag main reads without a lock; the explorer formats the name (weft.exec.Formatter) instead of stopping at the call, and confirms the race. */
#include <pthread.h>
#include <stdio.h>

static int ready;

static void *worker(void *arg) {
    char name[32];
    snprintf(name, sizeof name, "worker-%d", (int)(long)arg);
    ready = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)1L);
    if (ready) // RACE!
        puts("ready early");
    pthread_join(t, NULL);
    return 0;
}
