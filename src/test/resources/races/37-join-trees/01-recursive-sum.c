/* expect: race-free */
/* A join tree in the shape of real divide and conquer: each thread splits its range in two heap-allocated halves,
   starts a thread on each, joins both, then reads their results and frees them. The parent touches a half only
   before handing it over or after joining the thread it handed it to; every other thread works on other halves.
   Proved by the thread-modular layer: OwnChildAfterJoin, DistinctOwnAllocations, DistinctInstances. */
#include <pthread.h>
#include <stdlib.h>

struct task { int lo, hi; long sum; };
static int data[1024];

static void *sum(void *arg) {
    struct task *t = arg;
    if (t->hi - t->lo <= 16) {
        long s = 0;
        for (int i = t->lo; i < t->hi; i++) s += data[i];
        t->sum = s; // NORACE
        return NULL;
    }
    int mid = (t->lo + t->hi) / 2;
    struct task *l = malloc(sizeof *l);
    struct task *r = malloc(sizeof *r);
    if (!l || !r) abort();
    l->lo = t->lo; l->hi = mid;
    r->lo = mid; r->hi = t->hi;
    pthread_t a, b;
    pthread_create(&a, NULL, sum, l);
    pthread_create(&b, NULL, sum, r);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    t->sum = l->sum + r->sum; // NORACE
    free(l); // NORACE
    free(r);
    return NULL;
}

int main(void) {
    for (int i = 0; i < 1024; i++) data[i] = i;
    struct task root = {0, 1024, 0};
    pthread_t t;
    pthread_create(&t, NULL, sum, &root);
    pthread_join(t, NULL);
    return root.sum == 523776 ? 0 : 1;
}
