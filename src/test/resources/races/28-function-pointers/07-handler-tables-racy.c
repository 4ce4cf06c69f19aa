/* expect: racy */
/* A const table of structs with function fields and an array of handlers, indexed by the thread argument: one entry of the array writes without the lock. */
#include <pthread.h>

long hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void inc(long *p) { pthread_mutex_lock(&m); (*p)++; pthread_mutex_unlock(&m); }
static void dec(long *p) { pthread_mutex_lock(&m); (*p)--; pthread_mutex_unlock(&m); }
static void reset(long *p) { *p = 0; }      // RACE!

struct op { const char *name; void (*fn)(long *); };
static const struct op ops[] = { { "inc", inc }, { "dec", dec } };
static void (*handlers[])(long *) = { inc, reset };

void *worker(void *arg) {
    long i = (long)arg;
    ops[i & 1].fn(&hits);
    handlers[i & 1](&hits);
    return NULL;
}

int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return (int)hits;
}
