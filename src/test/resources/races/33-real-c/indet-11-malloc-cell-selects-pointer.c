/* expect: racy */
/* a pointer field of a malloc'd record is read before it is written and decides where main writes: fresh heap contents may be non-null (TSan shows the race at -O0 when malloc reuses a block freed with a non-zero field); weft: imprecise: the exploration makes indeterminate integers inputs but gives up on an indeterminate pointer (choosing its target would not be a real execution one can check), so the race is not confirmed (unknown, never true) */
#include <pthread.h>
#include <stdlib.h>
struct rec { int *p; int n; };
int A, B;
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    struct rec *old = malloc(sizeof(struct rec));
    old->p = &B;
    old->n = 1;
    free(old);
    struct rec *r = malloc(sizeof(struct rec));
    int *s = r->p ? &A : &B;
    pthread_create(&t, 0, worker, 0);
    *s = 2; // RACE!
    pthread_join(t, 0);
    free(r);
    return 0;
}
