/* expect: racy */
/* audit D33: a character array of static storage initialised by a string literal; the front end gave no items for the literal's bytes, so the bounded layer took the array for zeros (static storage's default), never reached the accesses behind mode[0] == 'r' and proved the racy program race-free (the explorer stopped at the bytes it did not know). The literal's bytes are items now. */
#include <pthread.h>

static char mode[] = "r";
int shared;

static void *worker(void *arg) {
    (void) arg;
    if (mode[0] == 'r')
        shared = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (mode[0] == 'r')
        shared = 2; // RACE!
    pthread_join(t, 0);
    return shared;
}
