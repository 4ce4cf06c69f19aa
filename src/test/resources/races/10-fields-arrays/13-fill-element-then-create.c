/* expect: race-free */
/* Each thread gets the address of its own element, filled just before the thread is created. */
#include <pthread.h>

struct arg { int in; int out; };
struct arg args[4];

void *worker(void *p) {
    struct arg *a = p;
    a->out = a->in * 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++) {
        args[i].in = i; // NORACE
        pthread_create(&t[i], NULL, worker, &args[i]);
    }
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    return args[2].out; // NORACE
}
