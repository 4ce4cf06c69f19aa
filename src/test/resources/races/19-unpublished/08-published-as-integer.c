/* expect: racy */
/* The pointer is published as an integer. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; };
long g;

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    long v = (long)p;
    g = v;
    p->x = 1; // RACE!
    return NULL;
}

void *reader(void *arg) {
    long v = g;
    if (v) return (void *)(long)((struct s *)v)->x; // RACE!
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    return 0;
}
