/* expect: racy */
/* The racy twin of 01 (pthread-race-challenges/value-barrier-race): the flag is set and polled without the mutex, so
   the poll races with the store and orders nothing. */
#include <pthread.h>

_Bool ready = 0;
int data = 0;

void *worker(void *arg) {
    (void)arg;
    while (!ready) // RACE!
        ;
    int x = data;
    return (void *)(long)x;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    data = 1;
    ready = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
