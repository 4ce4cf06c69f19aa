/* expect: racy */
/* audit D32: mempcpy, stpcpy and stpncpy return the end of what they copied, not their destination; the library table said they returned the destination (its first byte), so a write through the end pointer was taken for a write of buf[0], which the other thread never touches unlocked: with the mempcpy alone the racy program was proved race-free. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

static char buf[16];
static char name[16];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *fill(void *arg) {
    (void) arg;
    char *end, *tail;
    pthread_mutex_lock(&m);
    end = mempcpy(buf, "ab", 2);
    tail = stpcpy(name, "queue");
    pthread_mutex_unlock(&m);
    *end = 'x'; // RACE!
    *tail = '!'; // RACE!
    return 0;
}

static void *peek(void *arg) {
    (void) arg;
    char c = buf[2]; // RACE!
    char d = name[5]; // RACE!
    return (void *) (long) (c + d);
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, fill, 0);
    pthread_create(&b, 0, peek, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
