/* expect: racy */
/* A copy of the pointer is published; the original keeps being used. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; };
struct s *g;

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    struct s *q = p;
    g = q;
    p->x = 1; // RACE!
    return NULL;
}

void *reader(void *arg) {
    struct s *r = g;
    if (r) return (void *)(long)r->x; // RACE!
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    return 0;
}
