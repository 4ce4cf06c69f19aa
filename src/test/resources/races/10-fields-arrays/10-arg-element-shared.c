/* expect: racy */
/* Every thread gets the same element &args[0]: the instances write the same field. */
#include <pthread.h>

#define N 4

struct arg { int id; int result; };
struct arg args[N];

void *worker(void *p) {
    struct arg *a = p;
    a->result = a->id * 2; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, &args[0]);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    return args[0].result; // NORACE
}
