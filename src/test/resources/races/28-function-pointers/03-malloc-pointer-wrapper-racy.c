/* expect: racy */
/* Allocation through a global pointer initialised with malloc (pigz's my_malloc_f) inside a wrapper: both threads are given the same block. */
#include <pthread.h>
#include <stdlib.h>

typedef void *(*malloc_t)(size_t);
static malloc_t my_malloc_f = malloc;

static void *my_malloc(size_t size) {
    void *block = my_malloc_f(size);
    if (block == NULL) abort();
    return block;
}

struct stats { long bytes; long blocks; };
struct stats *in, *out;

void *reader(void *arg) {
    in->bytes += 10;                           // RACE!
    return NULL;
}

void *writer(void *arg) {
    out->bytes += 20;                          // RACE!
    return NULL;
}

int main(void) {
    in = my_malloc(sizeof(struct stats));
    out = in;
    in->bytes = 0;
    pthread_t r, w;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&w, NULL, writer, NULL);
    pthread_join(r, NULL);
    pthread_join(w, NULL);
    return 0;
}
