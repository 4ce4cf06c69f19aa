/* expect: race-free */
/* twin of 59: main resets the size under the lock the worker holds while it reads it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char *line;
static size_t cap;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    pthread_mutex_lock(&lock);
    if (cap == 120) // NORACE
        line[0] = 'x';
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t;
    FILE *f = fopen("/etc/weft-example.conf", "r");
    if (f == NULL)
        return 1;
    ssize_t n = getline(&line, &cap, f);
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&lock);
    if (n == -1)
        cap = 0; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    fclose(f);
    free(line);
    return 0;
}
