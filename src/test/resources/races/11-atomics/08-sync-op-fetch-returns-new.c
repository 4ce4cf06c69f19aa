/* expect: racy */
/* __sync_sub_and_fetch returns the value after the operation: from 2, the threads see 1 and 0, and
   both pass the test (with the old values 2 and 1 neither would). */
#include <pthread.h>

int c = 2;
int y;

void *worker(void *arg) {
    (void)arg;
    if (__sync_sub_and_fetch(&c, 1) <= 1) y = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return y;
}
