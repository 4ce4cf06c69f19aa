/* expect: racy */
/* printf("%d", x) reads x; the read races with the worker's write. */
#include <pthread.h>
#include <stdio.h>

int x;

void *worker(void *arg) {
    (void)arg;
    x = 5; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    printf("%d\n", x); // RACE!
    pthread_join(t, NULL);
    return 0;
}
