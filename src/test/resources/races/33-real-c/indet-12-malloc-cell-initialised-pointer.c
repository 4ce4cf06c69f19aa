/* expect: race-free */
/* the twin of indet-11: the record's pointer field is set to null before it is read, so main writes B */
#include <pthread.h>
#include <stdlib.h>
struct rec { int *p; int n; };
int A, B;
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    struct rec *old = malloc(sizeof(struct rec));
    old->p = &B;
    old->n = 1;
    free(old);
    struct rec *r = malloc(sizeof(struct rec));
    r->p = 0;
    int *s = r->p ? &A : &B;
    pthread_create(&t, 0, worker, 0);
    *s = 2; // NORACE
    pthread_join(t, 0);
    free(r);
    return 0;
}
