/* expect: racy */
/* An unsynchronised write in a worker races with a read in main. */
#include <pthread.h>

int flag;

void *writer(void *arg) {
    (void)arg;
    flag = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    int seen = 0;
    pthread_create(&t, NULL, writer, NULL);
    if (flag) // RACE!
        seen = 1;
    pthread_join(t, NULL);
    return seen;
}
