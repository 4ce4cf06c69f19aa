/* expect: race-free */
/* Concurrent reads of a global that is never written after initialisation do not race. */
#include <pthread.h>

int config = 42;

void *reader(void *arg) {
    (void)arg;
    int v = config; // NORACE
    return v > 0 ? arg : NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, reader, NULL);
    pthread_create(&t2, NULL, reader, NULL);
    int v = config; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return v;
}
