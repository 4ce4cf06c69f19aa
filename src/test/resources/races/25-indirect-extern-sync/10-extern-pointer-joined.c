/* expect: race-free */
/* p is declared extern and defined elsewhere; main writes through it only after joining the thread that reads. */
#include <pthread.h>

extern int *p;
int seen;

void *worker(void *arg) {
    (void)arg;
    int v = *p; // NORACE
    return (void *)(long)v;
}

int main(void) {
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, &r);
    *p = 2; // NORACE
    seen = (int)(long)r;
    return seen;
}
