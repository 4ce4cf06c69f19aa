/* expect: race-free */
/* twin of 11: the join follows the create, so its id certainly names the worker (bounded.seq.CreatedIds accepts it
   and the bounded layer waits for the worker exactly); main's read is ordered after the worker's updates */
#include <pthread.h>

int counter;

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 10; i++)
        counter++; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return counter; // NORACE
}
