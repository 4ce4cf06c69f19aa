/* expect: race-free */
/* Distinct elements of a VLA shared with a thread are distinct bytes. */
#include <pthread.h>

int n = 2;
int *shared;

void *worker(void *arg) {
    (void)arg;
    shared[5] = 1; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    n = 8;
    int arr[n];
    shared = arr;
    pthread_create(&t, NULL, worker, NULL);
    arr[6] = 2; // NORACE
    pthread_join(t, NULL);
    return arr[5] + arr[6];
}
