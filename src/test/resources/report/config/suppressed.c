/* Two races; the one on `stats` is intended and suppressed inline. */
#include <pthread.h>

int stats;
int level;

void *worker(void *arg) {
    stats++; // weft:ignore-race
    level = 1;
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    stats++;
    int l = level;
    pthread_join(t, 0);
    return l;
}
