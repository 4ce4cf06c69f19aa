/* expect: racy */
/* free writes the whole object: freeing it while another thread still reads it is a race. */
#include <pthread.h>
#include <stdlib.h>

int *p;

void *reader(void *arg) {
    (void)arg;
    int x = *p; // RACE!
    return (void *)(long)x;
}

int main(void) {
    pthread_t t;
    p = malloc(sizeof(int));
    *p = 1;
    pthread_create(&t, NULL, reader, NULL);
    free(p); // RACE!
    pthread_join(t, NULL);
    return 0;
}
