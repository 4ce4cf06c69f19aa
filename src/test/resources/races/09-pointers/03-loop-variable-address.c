/* expect: racy */
/* Classic bug: the address of the loop counter is the thread argument; main increments it while threads read it. */
#include <pthread.h>

#define N 2

void *worker(void *arg) {
    int k = *(int *)arg; // RACE!
    return k == 0 ? NULL : arg;
}

int main(void) {
    pthread_t t[N];
    int i;
    for (i = 0; i < N; i++) // RACE!
        pthread_create(&t[i], NULL, worker, &i);
    for (int j = 0; j < N; j++)
        pthread_join(t[j], NULL);
    return 0;
}
