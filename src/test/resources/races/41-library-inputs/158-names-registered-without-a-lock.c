/* expect: racy */
/* issue 35: two workers register names in a shared table with lsearch and no lock (weft.exec.Sorts: glibc's linear
   search, then the key copied after the last element and the count written one higher when it was not found). The
   count lsearch writes inside the C library is the race: confirmed, and the reproducer's lsearch wrapper makes the
   library's accesses to the count and the new element where TSan sees them. */
#include <pthread.h>
#include <search.h>
#include <string.h>

static char names[8][16];
static size_t count;

static int by_name(const void *a, const void *b) {
    return strcmp(a, b);
}

static void *worker(void *arg) {
    char key[16] = "worker";
    key[6] = (char) ('0' + (int) (long) arg);
    lsearch(key, names, &count, sizeof names[0], by_name); // RACE!
    return arg;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *) 1L);
    pthread_create(&b, NULL, worker, (void *) 2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return (int) count;
}
