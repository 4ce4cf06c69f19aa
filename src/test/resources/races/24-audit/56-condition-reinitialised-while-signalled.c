/* expect: racy */
/* audit D41, its regression: pthread_cond_init and pthread_cond_destroy write the condition variable, as a mutex's initialisation writes the mutex (audit D5), but their model was an event of no access. Main initialising the condition while a worker signalled it raced, and every layer proved the program race-free. */
#include <pthread.h>

static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    pthread_cond_signal(&c); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cond_init(&c, 0); // RACE!
    pthread_join(t, 0);
    pthread_cond_destroy(&c);
    return 0;
}
