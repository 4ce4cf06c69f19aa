/* expect: race-free */
/* audit D30, the race-free side: each of the three threads (one per name, as many as `sizeof names / sizeof
   names[0]` says) writes its own slot of an array sized the same way; with the size taken for 0 or unknown a proof
   saw no threads or slots it could not tell apart. */
#include <pthread.h>

static const char *names[] = {"relay", "queue", "spool"};
static int hits[sizeof names / sizeof names[0]];

static void *count(void *arg) {
    long i = (long) arg;
    if (names[i][0] != 0) hits[i]++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t[sizeof names / sizeof names[0]];
    for (long i = 0; i < (long) (sizeof names / sizeof names[0]); i++) pthread_create(&t[i], 0, count, (void *) i);
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) pthread_join(t[i], 0);
    return hits[0] + hits[1] + hits[2] == 3 ? 0 : 1;
}
