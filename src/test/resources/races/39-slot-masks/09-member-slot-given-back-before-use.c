/* expect: racy */
/* Twin of 08 where the handler gives its slot back before it is done with it: the acceptor may hand the same slot of
   `srv->conns` to the next connection and fill it while the first handler still works on it. */
#include <pthread.h>
#include <stdlib.h>
#include <strings.h>

#define NSLOTS 4
#define NCONN 3

struct conn { int fd; long bytes; char line[16]; };
struct server { int port; struct conn conns[NSLOTS]; };

static struct server *server;
static unsigned int free_slots = (1u << NSLOTS) - 1;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handler(void *arg) {
    int slot = (int)(long)arg;
    struct server *srv = server;
    pthread_mutex_lock(&table_lock);
    free_slots |= 1u << slot;
    pthread_mutex_unlock(&table_lock);
    for (int i = 0; i < 2; i++) {
        srv->conns[slot].bytes += srv->conns[slot].fd + i; // RACE!
        srv->conns[slot].line[i] = 'a' + i;
    }
    return NULL;
}

int main(void) {
    struct server *srv = calloc(1, sizeof *srv);
    if (!srv) return 1;
    server = srv;
    srv->port = 8080;
    pthread_t t[NCONN];
    for (int i = 0; i < NCONN; i++) {
        pthread_mutex_lock(&table_lock);
        int slot = ffs(free_slots) - 1;
        free_slots &= ~(1u << slot);
        pthread_mutex_unlock(&table_lock);
        srv->conns[slot].fd = 100 + i;
        srv->conns[slot].bytes = 0;
        pthread_create(&t[i], NULL, handler, (void *)(long)slot);
    }
    for (int i = 0; i < NCONN; i++) pthread_join(t[i], NULL);
    long total = 0;
    for (int i = 0; i < NSLOTS; i++) total += srv->conns[i].bytes;
    free(srv);
    return total > 0 ? 0 : 1;
}
