/* expect: racy */
/* The size expression of a variable-length array reads its variable: a concurrent write races with it. */
#include <pthread.h>

int n = 3;

void *writer(void *arg) {
    (void)arg;
    n = 5; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int arr[n]; // RACE!
    arr[0] = 1;
    int r = arr[0];
    pthread_join(t, NULL);
    return r;
}
