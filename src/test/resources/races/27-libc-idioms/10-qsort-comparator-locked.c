/* expect: race-free */
/* The comparator runs in the calling thread, which holds the lock around qsort. */
#include <pthread.h>
#include <stdlib.h>

long comparisons;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int cmp(const void *a, const void *b) {
    comparisons++; // NORACE
    return *(const int *)a - *(const int *)b;
}

void *t(void *p) {
    int v[4] = {4, 2, 3, 1};
    pthread_mutex_lock(&m);
    qsort(v, 4, sizeof v[0], cmp);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)comparisons; // NORACE
}
