/* expect: race-free */
/* A variable-length array sized before the thread that changes the size variable is created. */
#include <pthread.h>

int n = 3;

void *writer(void *arg) {
    (void)arg;
    n = 5; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    int arr[n]; // NORACE
    pthread_create(&t, NULL, writer, NULL);
    for (int i = 0; i < 3; i++) arr[i] = i;
    int r = arr[2];
    pthread_join(t, NULL);
    return r + n; // NORACE
}
