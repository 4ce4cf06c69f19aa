/* expect: racy */
/* Before creating thread i, the element of thread i - 1 is reset while that thread may read it. */
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
        args[i].in = i;
        if (i > 0) args[i - 1].in = 0; // RACE!
        pthread_create(&t[i], NULL, worker, &args[i]);
    }
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    return 0;
}
