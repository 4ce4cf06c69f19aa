/* expect: race-free */
/* weft: imprecise: a counter written with write(2) is outside the descriptor models */
/* issue 35: main adds 1 to a non-blocking event counter with write(2), not eventfd_write, before starting the worker;
   the worker's read then finds the count and skips the write behind a failed read. The descriptor models
   (weft.exec.EventLoop) do not see what write does to a counter: the run stops there (semantics.tsv's
   descriptor-argument rows) rather than take the counter for empty and confirm a race no execution has. */
#include <pthread.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

int counter;
int stale;

void *worker(void *arg) {
    eventfd_t n;
    if (eventfd_read(counter, &n) == -1) stale = 1; // NORACE
    return arg;
}

int main(void) {
    counter = eventfd(0, EFD_NONBLOCK);
    uint64_t one = 1;
    if (counter < 0 || write(counter, &one, sizeof one) != sizeof one) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    stale = 2; // NORACE
    pthread_join(t, NULL);
    return 0;
}
