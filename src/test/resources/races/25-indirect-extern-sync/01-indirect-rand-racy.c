/* expect: racy */
/* rand called through a function pointer in two threads races on the library's hidden state. */
#include <pthread.h>
#include <stdlib.h>

int (*gen)(void) = rand;

void *worker(void *arg) {
    (void)arg;
    gen(); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    gen(); // RACE!
    pthread_join(t, NULL);
    return 0;
}
