/* expect: racy */
/* The flag's address is taken: a write through the pointer can clear it behind the test. */
#include <pthread.h>

__thread int mode;
int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    int *p = &mode;
    mode = 1;
    *p = 0;
    if (mode == 1) pthread_mutex_lock(&m);
    shared++; // RACE!
    if (mode == 1) pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    return 0;
}
