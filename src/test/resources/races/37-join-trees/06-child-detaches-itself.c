/* expect: racy */
/* weft: imprecise: the exploration stops at the join of a detached thread (undefined behaviour), so the race stays possible */
/* A child that detaches itself cannot be joined: the parent's join returns at once (or its behaviour is undefined),
   and the parent reads the result while the child may still write it. */
#include <pthread.h>
#include <stdlib.h>

struct task { int lo, hi; long sum; };
static int data[64];

static void *sum(void *arg) {
    struct task *t = arg;
    pthread_detach(pthread_self());
    if (t->hi - t->lo <= 16) {
        long s = 0;
        for (int i = t->lo; i < t->hi; i++) s += data[i];
        t->sum = s; // RACE!
        return NULL;
    }
    int mid = (t->lo + t->hi) / 2;
    struct task *l = malloc(sizeof *l);
    if (!l) abort();
    l->lo = t->lo; l->hi = mid;
    pthread_t a;
    pthread_create(&a, NULL, sum, l);
    pthread_join(a, NULL);
    t->sum = l->sum; // RACE!
    return NULL;
}

int main(void) {
    for (int i = 0; i < 64; i++) data[i] = i;
    struct task *root = malloc(sizeof *root);
    if (!root) return 1;
    root->lo = 0; root->hi = 64; root->sum = 0;
    pthread_t t;
    pthread_create(&t, NULL, sum, root);
    pthread_join(t, NULL);
    return 0;
}
