/* expect: race-free */
/* issue 35: the workers of 158 register their names under a mutex: lsearch's reads and writes of the count and the
   table are all made with the lock held, so no two conflict. */
#include <pthread.h>
#include <search.h>
#include <string.h>

static char names[8][16];
static size_t count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int by_name(const void *a, const void *b) {
    return strcmp(a, b);
}

static void *worker(void *arg) {
    char key[16] = "worker";
    key[6] = (char) ('0' + (int) (long) arg);
    pthread_mutex_lock(&lock);
    lsearch(key, names, &count, sizeof names[0], by_name); // NORACE
    pthread_mutex_unlock(&lock);
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
