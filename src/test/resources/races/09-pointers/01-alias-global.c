/* expect: racy */
/* The worker writes through a pointer aliasing the global that main writes directly. */
#include <pthread.h>

int g;
int *alias = &g;

void *worker(void *arg) {
    (void)arg;
    *alias = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    g = 2; // RACE!
    pthread_join(t, NULL);
    return g; // NORACE
}
