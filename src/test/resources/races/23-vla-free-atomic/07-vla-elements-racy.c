/* expect: racy */
/* A VLA's length is only known at run time: an element past its size variable's initial value is in it. */
#include <pthread.h>

int n = 2;
int *shared;

void *worker(void *arg) {
    (void)arg;
    shared[5] = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    n = 8;
    int arr[n];
    shared = arr;
    pthread_create(&t, NULL, worker, NULL);
    arr[5] = 2; // RACE!
    pthread_join(t, NULL);
    return arr[5];
}
