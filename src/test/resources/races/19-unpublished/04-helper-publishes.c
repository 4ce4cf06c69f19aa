/* expect: racy */
/* A helper stores its parameter in a global: after the call, the object is shared; the result of a
   call that publishes is stored after the publication. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; int y; };
struct s *g;

int publish(struct s *p) {
    p->y = 0; // NORACE
    g = p;
    return 7;
}

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    p->x = publish(p); // RACE!
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
