/* expect: race-free */
/* Each thread frees only the object it allocated itself; the shared counter is locked. */
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg) {
    (void)arg;
    int *buf = malloc(4 * sizeof(int));
    if (buf == NULL) return NULL;
    for (int i = 0; i < 4; i++) buf[i] = i; // NORACE
    pthread_mutex_lock(&m);
    total += buf[3]; // NORACE
    pthread_mutex_unlock(&m);
    free(buf); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return total;
}
