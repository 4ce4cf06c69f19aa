/* expect: racy */
/* The parent hands the same half to both children: each child is joined before the parent reads, but the two
   children write the one object at the same time. */
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
    if (!l) abort();
    l->lo = t->lo; l->hi = mid;
    pthread_t a, b;
    pthread_create(&a, NULL, sum, l);
    pthread_create(&b, NULL, sum, l);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    t->sum = 2 * l->sum;
    free(l);
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
