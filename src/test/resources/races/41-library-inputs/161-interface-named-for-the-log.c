/* expect: racy */
/* issue 35: a worker names the network interface it serves for its log (weft.exec.Resources#interfaceName): whether
   the system has an interface of that index is the world's answer, and index 0 never names one (ENXIO). The worker
   counts the interfaces it could name without a lock while main reads the count: confirmed, and the reproducer's
   wrapper gives the same answers back. */
#include <errno.h>
#include <net/if.h>
#include <pthread.h>
#include <string.h>

static int named;

static void *worker(void *arg) {
    char buf[IF_NAMESIZE];
    if (if_indextoname(0, buf) != NULL || errno != ENXIO) return arg;
    if (if_indextoname(2, buf) == buf && strlen(buf) > 0) {
        named++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = named; // RACE!
    pthread_join(t, NULL);
    return seen;
}
