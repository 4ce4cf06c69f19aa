/* expect: race-free */
/* Each thread gets a distinct index i by value as its argument and writes only slots[i]. */
#include <pthread.h>
#include <stdint.h>

#define N 4

int slots[N];

void *worker(void *arg) {
    intptr_t i = (intptr_t)arg;
    slots[i] = (int)i * 10; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t[N];
    int sum = 0;
    for (intptr_t i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        sum += slots[i]; // NORACE
    return sum;
}
