/* expect: racy */
/* weft: imprecise: the exploration does not run the failing allocation, so it cannot confirm the race */
/* D24: malloc may return a null pointer, and this program then writes `g` while the worker does. The exhaustive
   exploration allocated a block every time and proved the program race-free: a wrong `true` (the bounded layer,
   which lets allocation fail, found the racing run). Now a proof stops where the program tests a pointer into
   allocated memory: from there on, the run where the allocation failed may differ. With a malloc that fails
   (-Wl,--wrap), ThreadSanitizer reports the race on every run. */
#include <pthread.h>
#include <stdlib.h>

int g;

void *worker(void *arg) {
    (void)arg;
    g = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int *p = malloc(sizeof *p);
    if (!p) g = 2; // RACE!
    pthread_join(t, 0);
    free(p);
    return 0;
}
