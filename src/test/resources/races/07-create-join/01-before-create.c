/* expect: race-free */
/* Main's accesses before pthread_create happen while the program is still single-threaded. */
#include <pthread.h>

int config;
int result;

void *worker(void *arg) {
    (void)arg;
    result = config + 1; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    config = 41; // NORACE
    result = 0; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
