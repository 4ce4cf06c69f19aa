/* expect: racy */
/* The global pointer moves while threads run: thread 0 may still see store + 1 and write store[1],
   which thread 1 writes with index 1 after the move. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

int *cells;
int store[8];

void *worker(void *arg) {
    intptr_t i = (intptr_t)arg;
    cells[i] = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t[2];
    cells = store + 1;
    for (intptr_t i = 0; i < 2; i++) {
        pthread_create(&t[i], NULL, worker, (void *)i);
        cells = store; // RACE!
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return 0;
}
