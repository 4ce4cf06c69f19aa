/* expect: race-free */
/* Twin of 09 whose gate starts at 2: two workers see 1 and 0, never a negative value, so neither writes x. */
#include <pthread.h>

static int gate = 2;
int x;

void *worker(void *arg) {
    (void)arg;
    if (__atomic_sub_fetch(&gate, 1, __ATOMIC_SEQ_CST) < 0)
        x++;
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    x = 5;
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x;
}
