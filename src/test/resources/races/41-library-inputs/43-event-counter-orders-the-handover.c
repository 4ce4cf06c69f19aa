/* expect: race-free */
/* weft: imprecise: the thread-modular layer does not order a counter's write before the read that waits for it */
/* issue 35: main fills the buffer, then adds 1 to an event counter; the worker's blocking eventfd_read waits until
   the count is not zero, so it never reads the buffer while main writes it. A non-blocking counter nobody writes
   fails with EAGAIN: the write behind its read never runs. The descriptor models (weft.exec.EventLoop) must keep the
   worker blocked until main's write and never give the empty counter a count, or the search would confirm a race
   that no execution has (a wrong false). */
#include <pthread.h>
#include <sys/eventfd.h>

int ready;
int idle;
int buffer;

void *worker(void *arg) {
    eventfd_t n = 0;
    if (eventfd_read(idle, &n) == 0) buffer = 3; // NORACE
    if (eventfd_read(ready, &n) == 0 && n == 1) return (void *)(long)buffer; // NORACE
    return arg;
}

int main(void) {
    ready = eventfd(0, 0);
    idle = eventfd(0, EFD_NONBLOCK);
    if (ready < 0 || idle < 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    buffer = 42; // NORACE
    eventfd_write(ready, 1);
    pthread_join(t, NULL);
    return 0;
}
