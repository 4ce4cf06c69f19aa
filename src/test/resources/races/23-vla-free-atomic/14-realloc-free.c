/* expect: race-free */
/* realloc's new object is fresh: a thread given only the new object does not race with the old one. */
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *reader(void *arg) {
    int *q = arg;
    return (void *)(long)q[1]; // NORACE
}

int main(void) {
    pthread_t t;
    buf = calloc(2, sizeof(int));
    if (buf == NULL) return 1;
    int *bigger = realloc(buf, 8 * sizeof(int)); // NORACE
    if (bigger == NULL) return 1;
    pthread_create(&t, NULL, reader, bigger);
    pthread_join(t, NULL);
    free(bigger); // NORACE
    return 0;
}
