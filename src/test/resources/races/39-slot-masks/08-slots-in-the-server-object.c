/* expect: race-free */
/* 01 in the shape servers have it: the connection table is an array member of the one server object, allocated by
   main and reached through a global pointer; a handler names its slot through a local copy of that pointer. `srv->conns` names one array
   (the server is one calloc'd object), so the slot a handler holds selects an element no other handler holds
   (weft.thread.SlotMasks, weft.thread.MemberCells, weft.race.rules.SlotIndex). */
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
    for (int i = 0; i < 2; i++) {
        srv->conns[slot].bytes += srv->conns[slot].fd + i; // NORACE
        srv->conns[slot].line[i] = 'a' + i; // NORACE
    }
    pthread_mutex_lock(&table_lock);
    free_slots |= 1u << slot;
    pthread_mutex_unlock(&table_lock);
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
        srv->conns[slot].fd = 100 + i; // NORACE
        srv->conns[slot].bytes = 0; // NORACE
        pthread_create(&t[i], NULL, handler, (void *)(long)slot);
    }
    for (int i = 0; i < NCONN; i++) pthread_join(t[i], NULL);
    long total = 0;
    for (int i = 0; i < NSLOTS; i++) total += srv->conns[i].bytes;
    free(srv);
    return total > 0 ? 0 : 1;
}
