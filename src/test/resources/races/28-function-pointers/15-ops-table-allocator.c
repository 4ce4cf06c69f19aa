/* expect: race-free */
/* A table allocates its header, its slot array and its entries through an operations table whose default allocator wraps malloc (the NSPR hash table idiom): called through the pointer at three sites, it returns three different blocks, so the slots never hold the operations table and a worker's locked update of an entry does not meet main's unlocked read of the table's operations pointer. */
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

static void table_add(struct table *t, int key) {
    struct entry *e = t->ops->alloc(0, sizeof *e);
    if (!e) exit(1);
    e->key = key;
    e->val = 0;
    t->slots[key & 7] = e;
}

void *worker(void *arg) {
    int k = (int)(long)arg;
    pthread_mutex_lock(&m);
    struct entry *e = tab->slots[k & 7];
    if (e) e->val++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    tab = table_new(0);
    for (int k = 0; k < 4; k++) table_add(tab, k);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, (void *)1L);
    pthread_create(&t2, NULL, worker, (void *)2L);
    void *spare = tab->ops->alloc(0, 16); // NORACE
    free(spare);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
