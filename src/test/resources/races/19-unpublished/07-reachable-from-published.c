/* expect: racy */
/* The second object is linked from the first, which is then published. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; struct s *next; };
struct s *g;

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    struct s *q = malloc(sizeof *q);
    q->x = 0; // NORACE
    p->next = q;
    p->x = 0; // NORACE
    g = p;
    q->x = 5; // RACE!
    return NULL;
}

void *reader(void *arg) {
    struct s *r = g;
    if (r) return (void *)(long)r->next->x; // RACE!
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    return 0;
}
