/* expect: race-free */
/* The thread argument points to a local of main that main touches only before create and after join. */
#include <pthread.h>

void *worker(void *arg) {
    int *p = arg;
    *p = *p * 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    int x = 21; // NORACE
    pthread_create(&t, NULL, worker, &x);
    pthread_join(t, NULL);
    return x; // NORACE
}
