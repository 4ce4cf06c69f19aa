/* expect: race-free */
/* issue 35: the locked twin of 09: the logger formats into a shared line under its mutex and the flag is set and read
   under another; the variadic arguments are each activation's own. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static char last[64];
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t flag_lock = PTHREAD_MUTEX_INITIALIZER;
static int done;

static void log_msg(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&log_lock);
    vsnprintf(last, sizeof last, fmt, ap); // NORACE
    pthread_mutex_unlock(&log_lock);
    va_end(ap);
}

static void *worker(void *arg) {
    log_msg("worker %d of %s", (int) (long) arg, "pool");
    pthread_mutex_lock(&flag_lock);
    done = 1; // NORACE
    pthread_mutex_unlock(&flag_lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *) 1L);
    log_msg("main waits for %d worker", 1);
    pthread_mutex_lock(&flag_lock);
    int seen = done; // NORACE
    pthread_mutex_unlock(&flag_lock);
    pthread_join(t, NULL);
    return seen;
}
