/* expect: racy */
/* The flag is changed by a function called between the test and the lock decision. */
#include <pthread.h>

__thread int mode;
int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void configure(void) { mode = 0; }

void *worker(void *arg) {
    mode = 1;
    configure();
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
