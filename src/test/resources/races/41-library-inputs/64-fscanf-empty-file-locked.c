/* expect: race-free */
/* twin of 63: both writes of the flag under one lock. */
#include <pthread.h>
#include <stdio.h>
static int shared;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *worker(void *arg) {
    (void) arg;
    pthread_mutex_lock(&lock);
    shared = 1; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    FILE *f = fopen("/etc/weft-none.conf", "r");
    int port = 0;
    if (f != NULL) {
        if (fscanf(f, "%d", &port) == EOF)
        {
            pthread_mutex_lock(&lock);
            shared = 2; // NORACE
            pthread_mutex_unlock(&lock);
        }
        fclose(f);
    }
    pthread_join(t, 0);
    return port;
}
