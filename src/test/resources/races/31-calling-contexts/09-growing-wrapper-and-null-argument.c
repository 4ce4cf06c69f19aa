/* expect: race-free */
/* an allocation wrapper that reallocates its parameter (ptr = realloc(ptr, n)) grows only the block its caller passes, and a NULL argument frees nothing: each thread's realloc reaches its own buffer */
#include <pthread.h>
#include <stdlib.h>

static void *alloc(void *ptr, size_t size) {
    ptr = realloc(ptr, size); // NORACE
    if (ptr == NULL) abort();
    return ptr;
}

char *one, *two;

void *first(void *arg) {
    one = alloc(one, 64);
    one[0] = 1; // NORACE
    char *tmp = alloc(NULL, 8);
    tmp[0] = 1;
    free(tmp);
    return 0;
}

void *second(void *arg) {
    two = alloc(two, 64);
    two[0] = 2; // NORACE
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    one = alloc(NULL, 16);
    two = alloc(NULL, 16);
    one[1] = 0;
    two[1] = 0;
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    free(one);
    free(two);
    return 0;
}
