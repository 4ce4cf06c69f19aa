/* expect: racy */
/* The element is filled after its thread was created. */
#include <pthread.h>

struct arg { int in; int out; };
struct arg args[4];

void *worker(void *p) {
    struct arg *a = p;
    a->out = a->in * 2; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++) {
        pthread_create(&t[i], NULL, worker, &args[i]);
        args[i].in = i; // RACE!
    }
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    return 0;
}
