/* expect: race-free */
/* free after joining the thread that read the object: the read is ordered before the free. */
#include <pthread.h>
#include <stdlib.h>

int *p;

void *reader(void *arg) {
    (void)arg;
    int x = *p; // NORACE
    return (void *)(long)x;
}

int main(void) {
    pthread_t t;
    p = malloc(sizeof(int));
    *p = 1;
    pthread_create(&t, NULL, reader, NULL);
    pthread_join(t, NULL);
    free(p); // NORACE
    return 0;
}
