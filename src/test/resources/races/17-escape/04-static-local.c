/* expect: racy */
/* A static local variable is a single object shared by all threads running the function. */
#include <pthread.h>

void *worker(void *arg) {
    static int calls;
    calls++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
