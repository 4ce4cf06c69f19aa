/* expect: racy */
/* D11: each worker instance gets its own index, but instance 0 also calls the routine directly with index 1, so it
   updates instance 1's element while instance 1 does: the routine's parameter is the instance's own index only in
   the activation the thread starts with (ThreadSanitizer reports this race) */
#include <pthread.h>

int data[4];

void *worker(void *arg) {
    long id = (long)arg;
    data[id]++; // RACE!
    if (id == 0) worker((void *)1);
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
