/* expect: race-free */
/* issue 35: main reads a name and a count from the standard input with scanf before it starts the workers, which
   only read them; the count they add to is locked. scanf's stores happen before the threads exist: no race. */
#include <pthread.h>
#include <stdio.h>

static char name[16];
static int count, total;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    int n = name[0] != 0 ? count : 0; // NORACE
    pthread_mutex_lock(&lock);
    total += n; // NORACE
    pthread_mutex_unlock(&lock);
    return arg;
}

int main(void) {
    if (scanf("%15s %d", name, &count) != 2) return 1;
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return total;
}
