/* expect: racy */
/* issue 35: a program clears the dynamic loader's pending error at start-up (dlerror) and counts a clean start
   without the lock its worker takes. No dynamic-linking call runs in a run (none has a model), so none left an error:
   dlerror returns null, and the race behind the check is confirmed; the reproducer's real dlerror answers null too. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int clean_starts;

static void *worker(void *arg) {
    pthread_mutex_lock(&lock);
    clean_starts++; // RACE!
    pthread_mutex_unlock(&lock);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    const char *pending = dlerror();
    if (pending == NULL) clean_starts++; // RACE!
    else fprintf(stderr, "%s\n", pending);
    pthread_join(t, 0);
    return 0;
}
