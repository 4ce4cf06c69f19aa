/* expect: racy */
/* issue 35: the descriptor and address models' answers (weft.exec.EventLoop, weft.exec.Addresses) checked against
   Linux's and glibc's: getaddrinfo of numeric, absent and refused hosts, inet_ntop into a buffer that fits and one
   that does not, epoll_ctl's failures (EEXIST, ENOENT, EINVAL), epoll_wait's data, timeouts, one-shot registrations
   and EINVAL, a semaphore counter's reads and EAGAIN. main writes the shared variable only when every answer was the
   expected one: Weft confirms the race only if its models gave them all, and EventLoopGlibcTest runs this program
   built with gcc, where it prints 0 (no check failed). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

/* each check: 0 when the answer is glibc's and Linux's; the first that differs returns its number */
static int resolve(const char *host, const char *service, int flags, unsigned *addr, int *port) {
    struct addrinfo h, *r;
    memset(&h, 0, sizeof h);
    h.ai_family = AF_INET;
    h.ai_socktype = SOCK_STREAM;
    h.ai_flags = flags;
    int e = getaddrinfo(host, service, &h, &r);
    if (e != 0) return e;
    struct sockaddr_in *a = (struct sockaddr_in *)r->ai_addr;
    *addr = ntohl(a->sin_addr.s_addr);
    *port = ntohs(a->sin_port);
    int more = r->ai_next != NULL || r->ai_family != AF_INET || r->ai_protocol != IPPROTO_TCP || r->ai_addrlen != sizeof *a;
    freeaddrinfo(r);
    return more ? 1000 : 0;
}

static int checks(void) {
    unsigned a = 0;
    int p = 0;
    if (resolve("192.168.1.20", "8080", 0, &a, &p) != 0 || a != 0xc0a80114u || p != 8080) return 1;
    if (resolve(NULL, "80", AI_PASSIVE, &a, &p) != 0 || a != 0 || p != 80) return 2;
    if (resolve(NULL, "81", 0, &a, &p) != 0 || a != 0x7f000001u || p != 81) return 3;
    if (resolve("0x7f.1", NULL, 0, &a, &p) != 0 || a != 0x7f000001u || p != 0) return 4;
    if (resolve("relay.example", "80", AI_NUMERICHOST, &a, &p) != EAI_NONAME) return 5;
    if (resolve(NULL, NULL, 0, &a, &p) != EAI_NONAME) return 6;
    char b[16];
    struct in_addr in = {htonl(0x0a000102u)};
    if (inet_ntop(AF_INET, &in, b, sizeof b) != b || strcmp(b, "10.0.1.2") != 0) return 7;
    if (inet_ntop(AF_INET, &in, b, 8) != NULL || errno != ENOSPC) return 8;
    int ep = epoll_create1(0), c = eventfd(3, EFD_NONBLOCK | EFD_SEMAPHORE), d = eventfd(0, EFD_NONBLOCK);
    struct epoll_event v = {.events = EPOLLIN}, r;
    v.data.u64 = 0x1122334455667788ull;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, c, &v) != 0) return 9;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, c, &v) != -1 || errno != EEXIST) return 10;
    if (epoll_ctl(ep, EPOLL_CTL_MOD, d, &v) != -1 || errno != ENOENT) return 11;
    if (epoll_ctl(ep, EPOLL_CTL_DEL, d, NULL) != -1 || errno != ENOENT) return 12;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, ep, &v) != -1 || errno != EINVAL) return 13;
    if (epoll_wait(ep, &r, 1, 0) != 1 || r.events != EPOLLIN || r.data.u64 != 0x1122334455667788ull) return 14;
    eventfd_t n = 0;
    if (eventfd_read(c, &n) != 0 || n != 1 || eventfd_read(c, &n) != 0 || eventfd_read(c, &n) != 0 || n != 1) return 15;
    if (eventfd_read(c, &n) != -1 || errno != EAGAIN) return 16;
    if (epoll_wait(ep, &r, 1, 0) != 0) return 17;
    v.events = EPOLLIN | EPOLLONESHOT;
    v.data.fd = d;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, d, &v) != 0 || eventfd_write(d, 5) != 0) return 18;
    if (epoll_wait(ep, &r, 1, 0) != 1 || r.data.fd != d || epoll_wait(ep, &r, 1, 0) != 0) return 19;
    if (epoll_ctl(ep, EPOLL_CTL_MOD, d, &v) != 0 || epoll_wait(ep, &r, 1, 0) != 1 || eventfd_read(d, &n) != 0 || n != 5) return 20;
    if (epoll_ctl(ep, EPOLL_CTL_DEL, c, NULL) != 0 || epoll_wait(ep, &r, 8, 0) != 0) return 21;
    if (epoll_wait(ep, &r, 0, 0) != -1 || errno != EINVAL) return 22;
    close(d);
    if (epoll_ctl(ep, EPOLL_CTL_ADD, c, &v) != 0 || eventfd_write(c, 1) != 0 || epoll_wait(ep, &r, 8, 0) != 1) return 23;
    close(c);
    close(ep);
    return 0;
}

int shared;

static void *other(void *arg) {
    shared = 1; // RACE!
    return arg;
}

int main(void) {
    int failed = checks();
    printf("%d\n", failed);
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    if (failed == 0) shared = 2; // RACE!
    pthread_join(t, NULL);
    return 0;
}
