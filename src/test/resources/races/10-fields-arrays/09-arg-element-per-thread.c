/* expect: race-free */
/* Each thread gets &args[i] for its own i and writes only through that pointer; main reads after joining. */
#include <pthread.h>

#define N 4

struct arg { int id; int result; };
struct arg args[N];

void *worker(void *p) {
    struct arg *a = p;
    a->result = a->id * 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        args[i].id = i; // NORACE
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, &args[i]);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += args[i].result; // NORACE
    return sum;
}
