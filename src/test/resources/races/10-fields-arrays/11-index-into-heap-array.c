/* expect: race-free */
/* Each thread writes its own cell of a heap array that a global pointer names; the pointer is set
   before any thread starts and never changes. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define N 4

int *cells;

void *worker(void *arg) {
    intptr_t i = (intptr_t)arg;
    cells[i] = (int)i * 10; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t[N];
    cells = malloc(N * sizeof *cells);
    for (intptr_t i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += cells[i]; // NORACE
    free(cells);
    return sum;
}
