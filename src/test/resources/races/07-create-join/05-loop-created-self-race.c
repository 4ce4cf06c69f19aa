/* expect: racy */
/* The same thread function is started several times in a loop, so its unprotected write races with itself. */
#include <pthread.h>

#define N 3

int hits;

void *worker(void *arg) {
    (void)arg;
    hits++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    return hits; // NORACE
}
