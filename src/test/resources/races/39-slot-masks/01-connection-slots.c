/* expect: race-free */
/* The shape real servers have: a table of connection slots and a bitmask of the free ones. The acceptor takes the
   lowest free slot under the table's mutex (ffs, then clears its bit), fills the slot and starts a handler with the
   slot's index; the handler works on its slot without the lock and gives the slot back, under the mutex, when it is
   done, so that a later connection may reuse it. Two handlers that get the same slot are ordered by the mutex. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NSLOTS 4
#define NCONN 3

struct conn { int fd; long bytes; char line[16]; };
static struct conn *conns;
static unsigned int free_slots = (1u << NSLOTS) - 1;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handler(void *arg) {
    int slot = (int)(long)arg;
    struct conn *c = &conns[slot];
    for (int i = 0; i < 2; i++) {
        conns[slot].bytes += conns[slot].fd + i; // NORACE
        conns[slot].line[i] = 'a' + i; // NORACE
    }
    (void)c;
    pthread_mutex_lock(&table_lock);
    free_slots |= 1u << slot;
    pthread_mutex_unlock(&table_lock);
    return NULL;
}

int main(void) {
    conns = calloc(NSLOTS, sizeof *conns);
    if (!conns) return 1;
    pthread_t t[NCONN];
    for (int i = 0; i < NCONN; i++) {
        pthread_mutex_lock(&table_lock);
        int slot = ffs(free_slots) - 1;
        free_slots &= ~(1u << slot);
        pthread_mutex_unlock(&table_lock);
        conns[slot].fd = 100 + i; // NORACE
        conns[slot].bytes = 0; // NORACE
        pthread_create(&t[i], NULL, handler, (void *)(long)slot);
    }
    for (int i = 0; i < NCONN; i++) pthread_join(t[i], NULL);
    long total = 0;
    for (int i = 0; i < NSLOTS; i++) total += conns[i].bytes;
    free(conns);
    return total > 0 ? 0 : 1;
}
