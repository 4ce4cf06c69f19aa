/* expect: race-free */
/* A thread passes the address of its own local to a helper; the address does not leave the thread. */
#include <pthread.h>

static void add(int *acc, int v) {
    *acc += v; // NORACE
}

void *worker(void *arg) {
    int acc = 0;
    int *p = &acc;
    for (int i = 0; i < 3; i++)
        add(p, i);
    *p = *p * 2; // NORACE
    return acc == 6 ? NULL : arg;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
