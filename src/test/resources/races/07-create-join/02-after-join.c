/* expect: race-free */
/* Main's accesses after pthread_join are ordered after everything the joined thread did. */
#include <pthread.h>
#include <stdio.h>

int result;

void *worker(void *arg) {
    (void)arg;
    result = 42; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    result++; // NORACE
    printf("%d\n", result); // NORACE
    return 0;
}
