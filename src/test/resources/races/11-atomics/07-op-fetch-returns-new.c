/* expect: racy */
/* __atomic_add_fetch returns the value after the operation: both threads see at least 1 and both
   write x (read as the old value, only the second thread would). The twin of 06-fetch-op-returns-old. */
#include <pthread.h>

int c;
int x;

void *worker(void *arg) {
    (void)arg;
    if (__atomic_add_fetch(&c, 1, __ATOMIC_SEQ_CST) >= 1) x = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x;
}
