/* expect: racy */
/* Published on one branch only: after the branches the object may be shared. */
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
struct s { int x; };
struct s *g;

void *writer(void *arg) {
    struct s *p = malloc(sizeof *p);
    struct s *q = NULL;
    if (__VERIFIER_nondet_int()) q = p;
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
