/* expect: racy */
/* realloc frees the old object: a concurrent read of the old object races with it. */
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *reader(void *arg) {
    (void)arg;
    return (void *)(long)buf[1]; // RACE!
}

int main(void) {
    pthread_t t;
    buf = calloc(2, sizeof(int));
    if (buf == NULL) return 1;
    pthread_create(&t, NULL, reader, NULL);
    int *bigger = realloc(buf, 8 * sizeof(int)); // RACE!
    pthread_join(t, NULL);
    free(bigger);
    return 0;
}
