/* expect: race-free */
/* main hands a variadic logger a pointer to a table of handlers (printed with %p) before the threads start: the handlers stay known, so the calls through the table are resolved and the locked counter is race-free. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

struct ops { void (*add)(int); int (*get)(void); };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void add(int v) {
    pthread_mutex_lock(&m);
    counter += v; // NORACE
    pthread_mutex_unlock(&m);
}

static int get(void) {
    pthread_mutex_lock(&m);
    int v = counter; // NORACE
    pthread_mutex_unlock(&m);
    return v;
}

static struct ops table = { add, get };
static struct ops *current;

static void logmsg(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

void *worker(void *arg) {
    (void)arg;
    current->add(1);
    current->add(current->get());
    return NULL;
}

int main(void) {
    current = &table;
    logmsg("table at %p\n", (void *)current);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    logmsg("total %d\n", current->get());
    return 0;
}
