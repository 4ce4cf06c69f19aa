/* expect: racy */
/* an array whose first element alone is assigned: its other elements stay indeterminate, and a memcpy copies them indeterminate into a second array whose element decides where main writes (TSan shows the race at -O0 with the stack slot dirtied by an earlier call); weft: the exploration makes the indeterminate value an input (a copy keeps it indeterminate) and confirms the race */
#include <pthread.h>
#include <string.h>
int A, B;
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    int arr[4];
    int copy[4];
    arr[0] = 0;
    memcpy(copy, arr, sizeof arr);
    pthread_create(&t, 0, worker, 0);
    if (copy[2])
        A = 2; // RACE!
    else
        B = 2;
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
