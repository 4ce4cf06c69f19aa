/* expect: race-free */
/* A server's acceptor thread that never returns: for each connection it allocates a record and starts a handler
   with it, detached, and keeps it in a table; each handler works on its own record only. The acceptor's function has no path to its end,
   so its exit node is unreachable: the must dataflows over a function's nodes (weft.thread.FreshRecords,
   NamedMutexes) visited node numbers instead of nodes and stopped with an internal error on such functions (knot of
   the real-world benchmark had no answer at all). Fixed: Cfg.nodesInReversePostOrder. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct conn {
    int fd;
    long served;
};

static struct conn *table[16];

static void *serve(void *arg) {
    struct conn *c = arg;
    for (int k = 0; k < 3; k++)
        c->served += k; // NORACE
    return 0;
}

static void *acceptor(void *arg) {
    int next = *(int *)arg;
    for (;;) {
        struct conn *c = malloc(sizeof *c);
        if (!c) abort();
        c->fd = next++;
        c->served = 0;
        table[c->fd % 16] = c; /* kept in the acceptor's table of connections too */
        pthread_t t;
        if (pthread_create(&t, 0, serve, c) == 0)
            pthread_detach(t);
        usleep(1000);
    }
}

int main(void) {
    static int first = 3;
    pthread_t a;
    pthread_create(&a, 0, acceptor, &first);
    sleep(1);
    return 0;
}
