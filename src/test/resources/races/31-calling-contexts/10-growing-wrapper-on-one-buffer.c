/* expect: racy */
/* the same reallocating wrapper given one shared buffer by both threads: the reallocation races with the other thread's write */
#include <pthread.h>
#include <stdlib.h>

static void *alloc(void *ptr, size_t size) {
    ptr = realloc(ptr, size); // RACE!
    if (ptr == NULL) abort();
    return ptr;
}

char *shared;
char *other;

void *first(void *arg) {
    other = alloc(other, 64);
    shared[0] = 1; // RACE!
    return 0;
}

void *second(void *arg) {
    shared = alloc(shared, 64); // RACE!
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    shared = alloc(NULL, 16);
    other = alloc(NULL, 16);
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
