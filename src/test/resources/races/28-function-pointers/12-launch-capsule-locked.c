/* expect: race-free */
/* pigz's launch()/ignition(): every thread starts in ignition(), which calls the routine and payload stored in a capsule allocated through a my_malloc_f-style pointer and frees it; each capsule is filled before its thread starts and used by that thread alone, and the launched routine updates the counter under the lock. */
#include <pthread.h>
#include <stdlib.h>

typedef void *(*malloc_t)(size_t);
typedef void (*free_t)(void *);
static malloc_t my_malloc_f = malloc;
static free_t my_free = free;

static void *my_malloc(size_t size) {
    void *block = my_malloc_f(size);
    if (block == NULL) abort();
    return block;
}

struct capsule { void (*probe)(void *); void *payload; };
struct thread_s { pthread_t id; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long counter;

static void *ignition(void *arg) {
    struct capsule *capsule = arg;
    capsule->probe(capsule->payload);          // NORACE
    my_free(capsule);                          // NORACE
    return NULL;
}

static struct thread_s *launch(void (*probe)(void *), void *payload) {
    struct capsule *capsule = my_malloc(sizeof(struct capsule));
    capsule->probe = probe;                    // NORACE
    capsule->payload = payload;                // NORACE
    struct thread_s *th = my_malloc(sizeof(struct thread_s));
    pthread_create(&th->id, NULL, ignition, capsule);
    return th;
}

static void work(void *arg) {
    long *step = arg;
    pthread_mutex_lock(&m);
    counter += *step;                          // NORACE
    pthread_mutex_unlock(&m);
}

int main(void) {
    static long one = 1;
    struct thread_s *a = launch(work, &one);
    struct thread_s *b = launch(work, &one);
    pthread_join(a->id, NULL);
    pthread_join(b->id, NULL);
    pthread_mutex_lock(&m);
    long seen = counter;                       // NORACE
    pthread_mutex_unlock(&m);
    return (int)seen;
}
