/* expect: racy */
/* After joining the left child the parent moves `l` to the right half, whose child it has not joined yet, and reads
   through it. */
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
    pthread_join(a, NULL);
    long left = l->sum;
    l = r;
    long right = l->sum; // RACE!
    pthread_join(b, NULL);
    t->sum = left + right;
    return NULL;
}

int main(void) {
    for (int i = 0; i < 32; i++) data[i] = i;
    struct task root = {0, 32, 0};
    pthread_t t;
    pthread_create(&t, NULL, sum, &root);
    pthread_join(t, NULL);
    return 0;
}
