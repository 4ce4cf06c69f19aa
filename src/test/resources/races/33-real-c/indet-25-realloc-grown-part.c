/* expect: racy */
/* realloc keeps the old contents and leaves the grown part indeterminate: the new second cell decides where main writes (with glibc at -O0 the second cell holds the 5 the freed block left; TSan's allocator hands back zeroed memory, so TSan does not show this one); weft: the exploration makes the indeterminate value an input and confirms the race */
#include <pthread.h>
#include <stdlib.h>
int A, B;
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    int *old = malloc(2 * sizeof(int));
    old[0] = 5;
    old[1] = 5;
    free(old);
    int *cells = malloc(sizeof(int));
    cells[0] = 0;
    cells = realloc(cells, 2 * sizeof(int));
    pthread_create(&t, 0, worker, 0);
    if (cells[0] == 0 && cells[1] != 0)
        A = 2; // RACE!
    else
        B = 2;
    pthread_join(t, 0);
    free(cells);
    return 0;
}
