/* expect: race-free */
/* A local whose address is never taken is private to each running instance, even of a thread started twice. */
#include <pthread.h>

void *worker(void *arg) {
    int sum = 0;
    for (int i = 0; i < 10; i++)
        sum += i; // NORACE
    return sum == 45 ? NULL : arg;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
