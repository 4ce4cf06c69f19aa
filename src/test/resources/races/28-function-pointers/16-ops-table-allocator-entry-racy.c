/* expect: racy */
/* Entries allocated through an operations table's allocator (called through the pointer) are updated by workers under the table's mutex but read by main without it. */
#include <pthread.h>
#include <stdlib.h>

struct ops { void *(*alloc)(void *pool, unsigned long n); };
struct entry { int key; int val; };
struct table { const struct ops *ops; struct entry **slots; int n; };

static void *default_alloc(void *pool, unsigned long n) { (void)pool; return malloc(n); }
static struct ops default_ops = { default_alloc };

static struct table *tab;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct table *table_new(const struct ops *ops) {
    if (!ops) ops = &default_ops;
    struct table *t = ops->alloc(0, sizeof *t);
    if (!t) exit(1);
    t->slots = ops->alloc(0, 8 * sizeof *t->slots);
    if (!t->slots) exit(1);
    t->ops = ops;
    t->n = 8;
    for (int i = 0; i < 8; i++) t->slots[i] = 0;
    return t;
}

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    struct entry *e = tab->slots[1];
    if (e) e->val++; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    tab = table_new(0);
    struct entry *e = tab->ops->alloc(0, sizeof *e);
    if (!e) return 1;
    e->key = 1;
    e->val = 0;
    tab->slots[1] = e;
    pthread_t t1;
    pthread_create(&t1, NULL, worker, NULL);
    int v = e->val; // RACE!
    pthread_join(t1, NULL);
    return v;
}
