/* expect: race-free */
/* weft: imprecise: the thread-modular layer does not order a counter's write before the epoll_wait that reports it */
/* issue 35: the worker waits in epoll_wait (no timeout) on two counters; only the one main writes after filling the
   buffer can be reported, so the worker reads the buffer after main's write (and after reading the count, which orders it for
   ThreadSanitizer too). The other counter, registered once
   (a second ADD fails with EEXIST), is never written: the write behind its report never runs. A one-shot
   registration is reported once: a second wait with a zero timeout times out. The descriptor models
   (weft.exec.EventLoop) must report only what may be ready, or the search would confirm a race no execution has. */
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

int go, never, ep;
int buffer;

void *worker(void *arg) {
    struct epoll_event ev;
    if (epoll_wait(ep, &ev, 1, -1) != 1) return arg;
    if (ev.data.fd == never) buffer = 3; // NORACE
    eventfd_t n;
    if (eventfd_read(go, &n) != 0) return arg;
    int r = buffer; // NORACE
    if (epoll_wait(ep, &ev, 1, 0) == 1) buffer = 4; // NORACE
    return (void *)(long)r;
}

int main(void) {
    go = eventfd(0, EFD_NONBLOCK);
    never = eventfd(0, EFD_NONBLOCK);
    ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN | EPOLLONESHOT};
    ev.data.fd = go;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, go, &ev) != 0) return 1;
    ev.events = EPOLLIN;
    ev.data.fd = never;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, never, &ev) != 0) return 1;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, never, &ev) != -1) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    buffer = 42; // NORACE
    eventfd_write(go, 1);
    pthread_join(t, NULL);
    return 0;
}
