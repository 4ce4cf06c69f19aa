/* expect: race-free */
/* errno's value kept in shared memory and handed to a variadic logger: what is copied is an int, never errno's
   address, so errno stays per thread */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

struct status { int code; const char *what; } last;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static void *work(void *arg) {
    errno = 0; // NORACE
    int e = errno; // NORACE
    pthread_mutex_lock(&m);
    last.code = e; // NORACE
    last.what = "worker";
    pthread_mutex_unlock(&m);
    note("worker: %d (%s)\n", e, "done");
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    errno = EINVAL; // NORACE
    pthread_mutex_lock(&m);
    last.code = errno; // NORACE
    pthread_mutex_unlock(&m);
    note("main: %d\n", errno); // NORACE
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
