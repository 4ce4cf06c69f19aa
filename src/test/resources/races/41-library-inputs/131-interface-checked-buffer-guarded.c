/* expect: racy */
/* issue 35: a network daemon's start (weft.exec.SignalSets, weft.exec.Resources): it installs its reload handler
   with System V's sigset (the disposition before is the world's, recorded; the handler runs when a signal arrives,
   which this run takes none to), asks for its interface's index (if_nametoindex: 0 and errno, or an index, the
   world's) and makes its buffer readable and writable (mprotect with PROT_READ | PROT_WRITE: 0, or -1 and errno).
   Only then does main mark the buffer ready, without a lock, while the worker marks it too: confirmed, replayed with
   the wrappers' answers. */
#include <net/if.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>

static int ready;

static void on_hup(int sig) {
    (void) sig;
}

static void *worker(void *arg) {
    ready = 1; // RACE!
    return arg;
}

int main(void) {
    char *buf = malloc(8192);
    if (buf == NULL) return 1;
    sigset(SIGHUP, on_hup);
    unsigned idx = if_nametoindex("eth0");
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (idx != 0 && mprotect(buf, 4096, PROT_READ | PROT_WRITE) == 0) ready = 2; // RACE!
    pthread_join(t, 0);
    free(buf);
    return 0;
}
