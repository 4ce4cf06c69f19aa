/* expect: racy */
/* A handler stored in a struct field (s->fn = f; s->fn(x)): one of the handlers it may hold updates the total without the lock. */
#include <pthread.h>

struct channel { void (*fn)(long *, long); long total; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct channel ch;

static void add_locked(long *p, long v) { pthread_mutex_lock(&m); *p += v; pthread_mutex_unlock(&m); }
static void add_fast(long *p, long v) { *p += v; }        // RACE!

void *worker(void *arg) {
    struct channel *c = arg;
    c->fn(&c->total, 1);
    return NULL;
}

int main(void) {
    ch.fn = add_locked;
    if (ch.total == 0) ch.fn = add_fast;
    pthread_t a, b;
    pthread_create(&a, NULL, worker, &ch);
    pthread_create(&b, NULL, worker, &ch);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return (int)ch.total;
}
