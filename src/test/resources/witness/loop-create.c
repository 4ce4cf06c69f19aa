/* Golden witness: two instances of one routine, created in a loop, race with each other. */
#include <pthread.h>

int shared;

void *inc(void *arg) {
    shared++;
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, inc, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return 0;
}
