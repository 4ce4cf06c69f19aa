/* expect: race-free */
/* A handler stored in a struct field (s->fn = f; s->fn(x)): every handler it may hold updates the total under the lock. */
#include <pthread.h>

struct channel { void (*fn)(long *, long); long total; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct channel ch;

static void add_one(long *p, long v) { pthread_mutex_lock(&m); *p += v; pthread_mutex_unlock(&m); }     // NORACE
static void add_two(long *p, long v) { pthread_mutex_lock(&m); *p += 2 * v; pthread_mutex_unlock(&m); } // NORACE

void *worker(void *arg) {
    struct channel *c = arg;
    c->fn(&c->total, 1);
    return NULL;
}

int main(void) {
    ch.fn = add_one;
    if (ch.total == 0) ch.fn = add_two;
    pthread_t a, b;
    pthread_create(&a, NULL, worker, &ch);
    pthread_create(&b, NULL, worker, &ch);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return (int)ch.total;                      // NORACE
}
