/* expect: race-free */
/* An atomic pointer may be swapped by two threads at once; each pointee is only read. */
#include <pthread.h>

int first = 1;
int second = 2;
int *_Atomic p = &first;
_Atomic(int *) q = &second;

void *worker(void *arg) {
    (void)arg;
    int *old = p; // NORACE
    p = q; // NORACE
    q = old; // NORACE
    return (void *)(long)*old; // NORACE
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return *p; // NORACE
}
