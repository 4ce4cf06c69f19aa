/* expect: racy */
/* issue 35: main registers counters by name in glibc's hidden hash table before it starts a worker, which finds one
   by name (weft.exec.Sorts#hashTable: hcreate's prime size, hsearch's hash and double hashing as glibc's hsearch_r
   computes them). The worker bumps the counter it found, and checks that a name never entered is not found, without a
   lock while main bumps the same counter: confirmed, and the reproducer runs glibc's own table. */
#include <errno.h>
#include <pthread.h>
#include <search.h>

static int hits, misses;

static void *worker(void *arg) {
    ENTRY want = {"hits", NULL}, none = {"stats", NULL};
    ENTRY *found = hsearch(want, FIND);
    if (found != NULL && hsearch(none, FIND) == NULL && errno == ESRCH) {
        ++*(int *) found->data; // RACE!
    }
    return arg;
}

int main(void) {
    if (!hcreate(10) || hcreate(10)) return 1;
    ENTRY a = {"hits", &hits}, b = {"misses", &misses}, again = {"hits", &misses};
    if (hsearch(a, ENTER) == NULL || hsearch(b, ENTER) == NULL || hsearch(again, ENTER)->data != &hits) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    hits++; // RACE!
    pthread_join(t, NULL);
    hdestroy();
    return hits;
}
