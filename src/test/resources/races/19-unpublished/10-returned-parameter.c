/* expect: racy */
/* A function that returns its parameter hands the object back to a caller that publishes it. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; };
struct s *g;

struct s *same(struct s *p) { return p; }

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    g = same(p);
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
