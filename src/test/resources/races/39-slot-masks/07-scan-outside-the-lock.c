/* expect: racy */
/* The racy twin of 01: the acceptor looks for a free slot before taking the mutex, while a handler may be giving its slot back: the mask itself is raced on. */
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
        conns[slot].bytes += conns[slot].fd + i;
        conns[slot].line[i] = 'a' + i;
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
        int slot = ffs(free_slots) - 1; // RACE!
        pthread_mutex_lock(&table_lock);
        free_slots &= ~(1u << slot);
        pthread_mutex_unlock(&table_lock);
        conns[slot].fd = 100 + i;
        conns[slot].bytes = 0;
        pthread_create(&t[i], NULL, handler, (void *)(long)slot);
    }
    for (int i = 0; i < NCONN; i++) pthread_join(t[i], NULL);
    long total = 0;
    for (int i = 0; i < NSLOTS; i++) total += conns[i].bytes;
    free(conns);
    return total > 0 ? 0 : 1;
}
