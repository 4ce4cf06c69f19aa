/* expect: racy */
/* issue 35: a worker looks a request's handler up by lfind (weft.exec.Sorts: glibc's linear search, the comparator
   called on each element in order until it answers 0, the element count read before each comparison). It counts
   the lookups that find the third handler without a lock while main reads the count: the race lies behind the
   comparisons glibc makes, confirmed, and the reproducer runs glibc's own lfind with the same comparator. */
#include <pthread.h>
#include <search.h>
#include <string.h>

struct handler {
    const char *verb;
    int code;
};

static struct handler handlers[] = {{"GET", 1}, {"HEAD", 2}, {"POST", 3}, {"PUT", 4}};
static size_t nhandlers = sizeof handlers / sizeof handlers[0];
static int posts;

static int by_verb(const void *a, const void *b) {
    return strcmp(((const struct handler *) a)->verb, ((const struct handler *) b)->verb);
}

static void *worker(void *arg) {
    struct handler key = {"POST", 0};
    struct handler *h = lfind(&key, handlers, &nhandlers, sizeof handlers[0], by_verb);
    struct handler none = {"TRACE", 0};
    if (h != NULL && h->code == 3 && lfind(&none, handlers, &nhandlers, sizeof handlers[0], by_verb) == NULL) {
        posts++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = posts; // RACE!
    pthread_join(t, NULL);
    return seen;
}
