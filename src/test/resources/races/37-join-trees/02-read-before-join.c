/* expect: racy */
/* The racy twin of 01: the parent reads the left half's result after joining only the right half, so the left child
   may still be writing it. */
#include <pthread.h>
#include <stdlib.h>

struct task { int lo, hi; long sum; };
static int data[32];

static void *sum(void *arg) {
    struct task *t = arg;
    if (t->hi - t->lo <= 16) {
        long s = 0;
        for (int i = t->lo; i < t->hi; i++) s += data[i];
        t->sum = s; // RACE!
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
    pthread_join(b, NULL);
    long left = l->sum; // RACE!
    pthread_join(a, NULL);
    t->sum = left + r->sum;
    free(l);
    free(r);
    return NULL;
}

int main(void) {
    for (int i = 0; i < 32; i++) data[i] = i;
    struct task root = {0, 32, 0};
    pthread_t t;
    pthread_create(&t, NULL, sum, &root);
    pthread_join(t, NULL);
    return root.sum == 496 ? 0 : 1;
}
