/* expect: race-free */
/* Twin of 01 with the flag under a mutex in both threads. */
#include <pthread.h>
#include <stdio.h>

static int ready;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    char name[32];
    snprintf(name, sizeof name, "worker-%d", (int)(long)arg);
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)1L);
    pthread_mutex_lock(&m);
    int r = ready; // NORACE
    pthread_mutex_unlock(&m);
    if (r)
        puts("ready early");
    pthread_join(t, NULL);
    return 0;
}
