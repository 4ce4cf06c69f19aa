/* expect: race-free */
/* the twin of indet-25: calloc's cells are zero, and the realloc'd block keeps them, so main writes B */
#include <pthread.h>
#include <stdlib.h>
int A, B;
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    int *cells = calloc(2, sizeof(int));
    cells = realloc(cells, 2 * sizeof(int));
    pthread_create(&t, 0, worker, 0);
    if (cells[0] == 0 && cells[1] != 0)
        A = 2;
    else
        B = 2; // NORACE
    pthread_join(t, 0);
    free(cells);
    return 0;
}
