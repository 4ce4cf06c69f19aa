/* expect: racy */
/* Main stores the address of its local in a global; the worker writes the local through it concurrently. */
#include <pthread.h>

int *shared_ptr;

void *worker(void *arg) {
    (void)arg;
    *shared_ptr = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    int local = 0;
    shared_ptr = &local; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    local = 2; // RACE!
    pthread_join(t, NULL);
    return local; // NORACE
}
