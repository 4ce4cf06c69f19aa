/* expect: racy */
/* issue 35, and the analyses' model of lsearch: lsearch copies the key's bytes into the table, so a pointer the key
   holds is then held by the table (the row's p1=*arg0). A worker takes the counter's address from the table and
   writes through it while main writes the counter directly: the race is reported only if the table is known to
   point at the counter. */
#include <pthread.h>
#include <search.h>

static int hits;
static int *slots[4];
static size_t nslots;

static int same(const void *a, const void *b) {
    return *(int *const *) a != *(int *const *) b;
}

static void *worker(void *arg) {
    *slots[0] += 1; // RACE!
    return arg;
}

int main(void) {
    int *key = &hits;
    lsearch(&key, slots, &nslots, sizeof slots[0], same);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    hits = 5; // RACE!
    pthread_join(t, NULL);
    return hits;
}
