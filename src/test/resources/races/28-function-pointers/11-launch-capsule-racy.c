/* expect: racy */
/* pigz's launch()/ignition(): every thread starts in ignition(), which calls the routine and payload stored in a capsule allocated through a my_malloc_f-style pointer and frees it; the launched routine updates the counter without the lock. */
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
    capsule->probe(capsule->payload);
    my_free(capsule);
    return NULL;
}

static struct thread_s *launch(void (*probe)(void *), void *payload) {
    struct capsule *capsule = my_malloc(sizeof(struct capsule));
    capsule->probe = probe;
    capsule->payload = payload;
    struct thread_s *th = my_malloc(sizeof(struct thread_s));
    pthread_create(&th->id, NULL, ignition, capsule);
    return th;
}

static void work(void *arg) {
    long *step = arg;
    counter += *step;                          // RACE!
}

int main(void) {
    static long one = 1;
    struct thread_s *a = launch(work, &one);
    struct thread_s *b = launch(work, &one);
    pthread_join(a->id, NULL);
    pthread_join(b->id, NULL);
    return 0;
}
