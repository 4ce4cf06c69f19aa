/* expect: racy */
/* strtol stores through its second argument a pointer into the shared string: the write through it races. */
#include <pthread.h>
#include <stdlib.h>

char text[8] = "12ab";

void *t(void *a) {
    char *end;
    long v = strtol(text, &end, 10);
    *end = 0; // RACE!
    return (void *)v;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    char c = text[2]; // RACE!
    pthread_join(a, 0);
    return c;
}
