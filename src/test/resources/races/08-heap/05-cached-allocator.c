/* expect: racy */
/* The allocator wrapper caches its object and returns the same pointer twice, so the threads share it. */
#include <pthread.h>
#include <stdlib.h>

static int *cache;

static int *get_counter(void) {
    if (cache == NULL) // NORACE
        cache = calloc(1, sizeof *cache); // NORACE
    return cache; // NORACE
}

void *worker(void *arg) {
    int *c = arg;
    (*c)++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    int *a = get_counter();
    int *b = get_counter();
    if (a == NULL || b == NULL)
        return 1;
    pthread_create(&t1, NULL, worker, a);
    pthread_create(&t2, NULL, worker, b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return *a; // NORACE
}
