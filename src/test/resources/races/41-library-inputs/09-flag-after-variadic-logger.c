/* expect: racy */
/* issue 35: a worker logs through the program's own variadic logger (va_start, vsnprintf into a local buffer, va_end)
   before it sets a flag main reads without a lock; the explorer lays out the logger's variadic arguments
   (weft.exec.VarArgs) and formats them instead of stopping at va_start, and confirms the race. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static int done;

static void log_msg(const char *fmt, ...) {
    char line[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
}

static void *worker(void *arg) {
    log_msg("worker %d of %s", (int) (long) arg, "pool");
    done = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *) 1L);
    int seen = done; // RACE!
    pthread_join(t, NULL);
    return seen;
}
