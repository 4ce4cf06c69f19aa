/* expect: race-free */
/* the twin of indet-23: an initialiser that names only the first element sets the others to zero (C11 6.7.9p21), and so does a struct initialiser for the members it omits, so main writes B; an analysis that took the omitted elements for indeterminate would confirm a race that no execution has */
#include <pthread.h>
#include <string.h>
int A, B;
struct pair { int x, y; };
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    int arr[4] = {7};
    struct pair p = {3};
    int copy[4];
    memcpy(copy, arr, sizeof arr);
    pthread_create(&t, 0, worker, 0);
    if (copy[2] || p.y)
        A = 2;
    else
        B = 2; // NORACE
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
