/* expect: race-free */
/* audit D32, the race-free side: the bytes the end pointers of mempcpy and stpncpy denote are written and read under the lock only; the first bytes of both arrays are read unlocked by a thread that starts after they were written. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

static char buf[16];
static char name[8];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *fill(void *arg) {
    (void) arg;
    pthread_mutex_lock(&m);
    char *end = mempcpy(buf + 4, "ab", 2);
    char *tail = stpncpy(name + 2, "queue", 4);
    *end = 'x'; // NORACE
    *tail = '!'; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

static void *peek(void *arg) {
    (void) arg;
    int n = buf[0] + name[0]; // NORACE
    pthread_mutex_lock(&m);
    n += buf[6] + name[6]; // NORACE
    pthread_mutex_unlock(&m);
    return (void *) (long) n;
}

int main(void) {
    pthread_t a, b;
    buf[0] = name[0] = 1;
    pthread_create(&a, 0, fill, 0);
    pthread_create(&b, 0, peek, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
