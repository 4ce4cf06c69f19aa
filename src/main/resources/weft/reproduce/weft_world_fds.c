/*
 * Weft reproducer runtime, part 4 (included by weft_inputs.c, one translation unit): the event loop's answers
 * (weft.exec.EventLoop, weft.exec.Addresses). The witness's descriptors are invented (no real call is made): eventfd,
 * epoll_create1, timerfd_create and inotify_init return its numbers, inotify_add_watch its watch descriptors; epoll_ctl keeps each registration's data (the program's
 * pointer or number) in a table of this runtime; epoll_wait reports the descriptor and events the witness chose, with
 * that registration's data; eventfd_read returns the witness's count; accept writes its peer (127.0.0.1 at the
 * witness's port); getaddrinfo builds the witness's one-entry answer, gethostbyname its static host entry. The table is read and written with RELAXED
 * atomics only: ThreadSanitizer sees no synchronisation in it (the witnessed schedule orders its uses).
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>

WORLD_FD(eventfd, (unsigned int init, int f), (init, f))
WORLD_FD(epoll_create, (int n), (n))
WORLD_FD(epoll_create1, (int f), (f))
WORLD_FD(timerfd_create, (int c, int f), (c, f))
WORLD_FD(inotify_init, (void), ())
WORLD_FD(inotify_init1, (int f), (f))
/* inotify_add_watch: the witness's watch descriptor (or -1 and its errno); no real watch, so no event ever comes */
WORLD_PATHS(int, inotify_add_watch, (int fd, const char *p, uint32_t m), (fd, p, m), weft_read_string(p))
WORLD(int, eventfd_write, (int fd, eventfd_t add), (fd, add))
WORLD(int, timerfd_settime, (int fd, int f, const struct itimerspec *n, struct itimerspec *o), (fd, f, n, o))

/* timerfd_gettime of the witness's (disarmed) timer: all zero */
int __real_timerfd_gettime(int, struct itimerspec *);
int __wrap_timerfd_gettime(int fd, struct itimerspec *cur) {
    int found;
    long long v = value_for("timerfd_gettime", &found);
    if (!found) { park_after_race(); return __real_timerfd_gettime(fd, cur); }
    memset(cur, 0, sizeof *cur);
    return (int)v;
}

/* eventfd_read: the witness's result, then the count it read */
int __real_eventfd_read(int, eventfd_t *);
int __wrap_eventfd_read(int fd, eventfd_t *value) {
    int found;
    long long v = value_for("eventfd_read", &found);
    if (!found) { park_after_race(); return __real_eventfd_read(fd, value); }
    if (v == -1) witness_errno("eventfd_read");
    else *value = (eventfd_t)next_value("eventfd_read");
    return (int)v;
}

/* accept: the witness's descriptor, then its peer's port (the peer is 127.0.0.1), kept for getpeername (relaxed
   atomics: the witnessed schedule orders its uses) */
static unsigned short peer_port[1024];
static int accepted(const char *fn, long long v, struct sockaddr *a, socklen_t *l) {
    if (v == -1) { witness_errno(fn); return -1; }
    if (v >= 0 && v < 1024) witness_fd[v] = 1;
    unsigned short port = (unsigned short)next_value(fn);
    if (v >= 0 && v < 1024) STORE(peer_port[v], port);
    if (a != NULL && l != NULL) {
        struct sockaddr_in peer;
        memset(&peer, 0, sizeof peer);
        peer.sin_family = AF_INET;
        peer.sin_port = htons(port);
        peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        memcpy(a, &peer, *l < sizeof peer ? *l : sizeof peer);
        *l = sizeof peer;
    }
    return (int)v;
}
/* getpeername of a connection the witness's accept gave: 127.0.0.1 at its port */
int __real_getpeername(int, struct sockaddr *, socklen_t *);
int __wrap_getpeername(int s, struct sockaddr *a, socklen_t *l) {
    int found;
    (void)value_for("getpeername", &found);
    if (!found || s < 0 || s >= 1024) return __real_getpeername(s, a, l);
    struct sockaddr_in peer;
    memset(&peer, 0, sizeof peer);
    peer.sin_family = AF_INET;
    peer.sin_port = htons(LOAD(peer_port[s]));
    peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    memcpy(a, &peer, *l < sizeof peer ? *l : sizeof peer);
    *l = sizeof peer;
    return 0;
}
/* bind: the witness's result (no real bind), then the port it bound (its 0 chosen by the world), kept with the
   address for getsockname: the program's address read and written where TSan sees it (as Weft's model records the
   kernel's accesses), the runtime's table where it does not (the witnessed schedule orders its uses) */
static unsigned char bound_address[1024][128];
static socklen_t bound_length[1024];
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);
int __real_bind(int, const struct sockaddr *, socklen_t);
int __wrap_bind(int s, const struct sockaddr *a, socklen_t l) {
    int found;
    long long v = value_for("bind", &found);
    if (!found) { park_after_race(); return __real_bind(s, a, l); }
    if (v == -1) { witness_errno("bind"); return -1; }
    unsigned short port = (unsigned short)next_value("bind");
    if (s >= 0 && s < 1024 && a != NULL && l >= 2 && l <= 128) {
        unsigned char given[128];
        memcpy(given, a, l);
        sa_family_t family = ((const struct sockaddr *)given)->sa_family;
        if ((family == AF_INET && l >= 16) || (family == AF_INET6 && l >= 28)) {
            unsigned short net = htons(port);
            memcpy(given + 2, &net, 2);
        }
        __tsan_ignore_thread_begin();
        memcpy(bound_address[s], given, l);
        __tsan_ignore_thread_end();
        STORE(bound_length[s], l);
    }
    return (int)v;
}
/* getsockname of a socket the witness bound: the address kept, cut to *l, *l its length */
int __real_getsockname(int, struct sockaddr *, socklen_t *);
int __wrap_getsockname(int s, struct sockaddr *a, socklen_t *l) {
    int found;
    (void)value_for("getsockname", &found);
    if (!found || s < 0 || s >= 1024 || LOAD(bound_length[s]) == 0) return __real_getsockname(s, a, l);
    socklen_t n = LOAD(bound_length[s]);
    unsigned char kept[128];
    __tsan_ignore_thread_begin();
    memcpy(kept, bound_address[s], n);
    __tsan_ignore_thread_end();
    memcpy(a, kept, *l < n ? *l : n);
    *l = n;
    return 0;
}
int __real_accept(int, struct sockaddr *, socklen_t *);
int __wrap_accept(int s, struct sockaddr *a, socklen_t *l) {
    int found;
    long long v = value_for("accept", &found);
    if (!found) { park_after_race(); return __real_accept(s, a, l); }
    return accepted("accept", v, a, l);
}
int __real_accept4(int, struct sockaddr *, socklen_t *, int);
int __wrap_accept4(int s, struct sockaddr *a, socklen_t *l, int f) {
    int found;
    long long v = value_for("accept4", &found);
    if (!found) { park_after_race(); return __real_accept4(s, a, l, f); }
    return accepted("accept4", v, a, l);
}

/* The witness's epoll registrations: instance, descriptor (0: a free slot, numbers are stored plus one) and data */
#define REGISTRATIONS 4096
static struct { int ep, fd; unsigned long long data; } registration[REGISTRATIONS];

static int registration_slot(int ep, int fd, int make) {
    for (int i = 0; i < REGISTRATIONS; i++) {
        if (LOAD(registration[i].ep) == ep + 1 && LOAD(registration[i].fd) == fd + 1) return i;
    }
    if (!make) return -1;
    for (int i = 0; i < REGISTRATIONS; i++) {
        if (LOAD(registration[i].ep) == 0) {
            STORE(registration[i].fd, fd + 1);
            STORE(registration[i].ep, ep + 1);
            return i;
        }
    }
    return -1;
}

int __real_epoll_ctl(int, int, int, struct epoll_event *);
int __wrap_epoll_ctl(int ep, int op, int fd, struct epoll_event *ev) {
    int found;
    long long v = value_for("epoll_ctl", &found);
    if (!found) { park_after_race(); return __real_epoll_ctl(ep, op, fd, ev); }
    if (v == -1) { witness_errno("epoll_ctl"); return -1; }
    int i = registration_slot(ep, fd, op != EPOLL_CTL_DEL);
    if (i >= 0 && op == EPOLL_CTL_DEL) { STORE(registration[i].ep, 0); STORE(registration[i].fd, 0); }
    else if (i >= 0) STORE(registration[i].data, ev->data.u64);
    return (int)v;
}

/* epoll_wait: the witness's count (-1: a failure, 0: a timeout, 1: an event), the descriptor and its events */
int __real_epoll_wait(int, struct epoll_event *, int, int);
int __wrap_epoll_wait(int ep, struct epoll_event *events, int max, int timeout) {
    int weft_turn_ CHANNEL_AT = enter("epoll_wait");
    int found;
    long long v = value_for("epoll_wait", &found);
    if (!found) { park_after_race(); return __real_epoll_wait(ep, events, max, timeout); }
    if (v == -1) { witness_errno("epoll_wait"); return -1; }
    if (v == 0) return 0;
    int fd = (int)next_value("epoll_wait");
    events[0].events = (uint32_t)next_value("epoll_wait");
    int i = registration_slot(ep, fd, 0);
    events[0].data.u64 = i >= 0 ? LOAD(registration[i].data) : 0;
    return 1;
}

/* getaddrinfo: the witness's result; for 0, one entry: the address (network byte order), port, socket type and
   protocol it gave; freeaddrinfo frees such an answer itself */
struct witness_addrinfo {
    struct addrinfo ai;
    struct sockaddr_in sin;
};
int __real_getaddrinfo(const char *, const char *, const struct addrinfo *, struct addrinfo **);
int __wrap_getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res) {
    int found;
    long long v = value_for("getaddrinfo", &found);
    if (!found) { park_after_race(); return __real_getaddrinfo(node, service, hints, res); }
    if (v != 0) return (int)v;
    struct witness_addrinfo *w = calloc(1, sizeof *w);
    if (w == NULL) return EAI_MEMORY;
    w->sin.sin_family = AF_INET;
    w->sin.sin_addr.s_addr = (in_addr_t)next_value("getaddrinfo");
    w->sin.sin_port = htons((unsigned short)next_value("getaddrinfo"));
    w->ai.ai_flags = hints != NULL ? hints->ai_flags : 0;
    w->ai.ai_family = AF_INET;
    w->ai.ai_socktype = (int)next_value("getaddrinfo");
    w->ai.ai_protocol = (int)next_value("getaddrinfo");
    w->ai.ai_addrlen = sizeof w->sin;
    w->ai.ai_addr = (struct sockaddr *)&w->sin;
    *res = &w->ai;
    return 0;
}
void __real_freeaddrinfo(struct addrinfo *);
void __wrap_freeaddrinfo(struct addrinfo *ai) {
    if (ai != NULL && ai->ai_addr == (struct sockaddr *)&((struct witness_addrinfo *)ai)->sin) free(ai);
    else __real_freeaddrinfo(ai);
}

/* poll and select: the witness's answer (weft.exec.EventLoop) without the real call: 0, nothing ready (every revents
   0; select's sets cleared and its timeout's time zero); 1, then the entry (poll) or descriptor (select) reported
   and its events (1 reading, 4 writing), the rest cleared; -1, then errno */
#include <poll.h>
#include <sys/select.h>
int __real_poll(struct pollfd *, nfds_t, int);
int __wrap_poll(struct pollfd *fds, nfds_t n, int timeout) {
    int weft_turn_ CHANNEL_AT = enter("poll");
    int found;
    long long v = value_for("poll", &found);
    if (!found) { park_after_race(); return __real_poll(fds, n, timeout); }
    if (v == -1) { witness_errno("poll"); return -1; }
    for (nfds_t i = 0; i < n; i++) fds[i].revents = 0;
    if (v == 0) return 0;
    long long index = next_value("poll");
    long long events = next_value("poll");
    if (index >= 0 && (nfds_t)index < n) fds[index].revents = (short)events;
    return 1;
}
/* select's and pselect's sets after the witness's answer v (0 or 1): all cleared, then for a 1 the descriptor the
   witness reported (its next value) with its events (the one after: 1 reading, 4 writing); returns how many bits are set */
static int witness_sets(const char *fn, long long v, int nfds, fd_set *r, fd_set *w, fd_set *x) {
    size_t bytes = (size_t)(nfds + 63) / 64 * 8;
    if (r != NULL) memset(r, 0, bytes);
    if (w != NULL) memset(w, 0, bytes);
    if (x != NULL) memset(x, 0, bytes);
    if (v == 0) return 0;
    int fd = (int)next_value(fn);
    long long events = next_value(fn);
    int count = 0;
    if ((events & 1) && r != NULL) { FD_SET(fd, r); count++; }
    if ((events & 4) && w != NULL) { FD_SET(fd, w); count++; }
    return count;
}
int __real_select(int, fd_set *, fd_set *, fd_set *, struct timeval *);
int __wrap_select(int nfds, fd_set *r, fd_set *w, fd_set *x, struct timeval *tv) {
    int weft_turn_ CHANNEL_AT = enter("select");
    int found;
    long long v = value_for("select", &found);
    if (!found) { park_after_race(); return __real_select(nfds, r, w, x, tv); }
    if (v == -1) { witness_errno("select"); return -1; }
    if (v == 0 && tv != NULL) tv->tv_sec = 0, tv->tv_usec = 0;
    return witness_sets("select", v, nfds, r, w, x);
}

/* pselect: select's answers; its timeout is not written and the signal mask, with no signal to come, changes nothing */
int __real_pselect(int, fd_set *, fd_set *, fd_set *, const struct timespec *, const sigset_t *);
int __wrap_pselect(int nfds, fd_set *r, fd_set *w, fd_set *x, const struct timespec *ts, const sigset_t *mask) {
    int weft_turn_ CHANNEL_AT = enter("pselect");
    int found;
    long long v = value_for("pselect", &found);
    if (!found) { park_after_race(); return __real_pselect(nfds, r, w, x, ts, mask); }
    if (v == -1) { witness_errno("pselect"); return -1; }
    return witness_sets("pselect", v, nfds, r, w, x);
}

/* gethostbyname, gethostbyname2, gethostbyaddr: the witness's answer (0, then the address in network byte order) in a
   static struct hostent of the runtime's, which every call overwrites as glibc's: the name asked (gethostbyaddr: the
   address's dotted text) as the canonical name, no aliases, one IPv4 address */
static struct hostent witness_host;
static char *witness_host_aliases[1];
static char *witness_host_addrs[2];
static struct in_addr witness_host_addr;
static char witness_host_name[1024];
static struct hostent *witness_host_at(const char *name, in_addr_t address);
static struct hostent *witness_hostent(const char *fn, const char *name) {
    return witness_host_at(name, (in_addr_t)next_value(fn));
}
static struct hostent *witness_host_at(const char *name, in_addr_t address) {
    witness_host_addr.s_addr = address;
    if (name != NULL) snprintf(witness_host_name, sizeof witness_host_name, "%s", name);
    else inet_ntop(AF_INET, &witness_host_addr, witness_host_name, sizeof witness_host_name);
    witness_host_aliases[0] = NULL;
    witness_host_addrs[0] = (char *)&witness_host_addr;
    witness_host_addrs[1] = NULL;
    witness_host.h_name = witness_host_name;
    witness_host.h_aliases = witness_host_aliases;
    witness_host.h_addrtype = AF_INET;
    witness_host.h_length = 4;
    witness_host.h_addr_list = witness_host_addrs;
    return &witness_host;
}
struct hostent *__real_gethostbyname(const char *);
struct hostent *__wrap_gethostbyname(const char *name) {
    int found;
    long long v = value_for("gethostbyname", &found);
    if (!found) { park_after_race(); return __real_gethostbyname(name); }
    return v == 0 ? witness_hostent("gethostbyname", name) : NULL;
}
struct hostent *__real_gethostbyname2(const char *, int);
struct hostent *__wrap_gethostbyname2(const char *name, int af) {
    int found;
    long long v = value_for("gethostbyname2", &found);
    if (!found) { park_after_race(); return __real_gethostbyname2(name, af); }
    return v == 0 ? witness_hostent("gethostbyname2", name) : NULL;
}
struct hostent *__real_gethostbyaddr(const void *, socklen_t, int);
struct hostent *__wrap_gethostbyaddr(const void *addr, socklen_t len, int type) {
    int found;
    long long v = value_for("gethostbyaddr", &found);
    if (!found) { park_after_race(); return __real_gethostbyaddr(addr, len, type); }
    return v == 0 ? witness_hostent("gethostbyaddr", NULL) : NULL;
}

/* gethostbyname_r: gethostbyname's answer in the caller's struct, its lists and name at the start of its buffer */
int __real_gethostbyname_r(const char *, struct hostent *, char *, size_t, struct hostent **, int *);
int __wrap_gethostbyname_r(const char *name, struct hostent *ret, char *buf, size_t len, struct hostent **result, int *herr) {
    int found;
    long long v = value_for("gethostbyname_r", &found);
    if (!found) { park_after_race(); return __real_gethostbyname_r(name, ret, buf, len, result, herr); }
    char **lists = (char **)buf;
    struct in_addr *addr = (struct in_addr *)(buf + 3 * sizeof(char *));
    char *text = (char *)addr + 4;
    addr->s_addr = (in_addr_t)next_value("gethostbyname_r");
    lists[0] = NULL;
    lists[1] = (char *)addr;
    lists[2] = NULL;
    snprintf(text, len - (size_t)(text - buf), "%s", name);
    ret->h_name = text;
    ret->h_aliases = &lists[0];
    ret->h_addrtype = AF_INET;
    ret->h_length = 4;
    ret->h_addr_list = &lists[1];
    *result = ret;
    (void)v;
    return 0;
}

/* gethostent: the hosts database's next entry as the witness gives it (0: "weft" at 127.0.0.1), or the end (1) */
struct hostent *__real_gethostent(void);
struct hostent *__wrap_gethostent(void) {
    int found;
    long long v = value_for("gethostent", &found);
    if (!found) return __real_gethostent();
    if (v != 0) return NULL;
    return witness_host_at("weft", htonl(INADDR_LOOPBACK));
}

/* The services, protocols and networks databases (weft.exec.Databases): the witness's answer, 1 none (null) or 0 an
   entry, then the number a name maps to (a service's port in host order, a protocol's number, a network's), in static
   entries of the runtime's that each call overwrites, as glibc's: the name asked ("weft" for a number or the next
   entry), no aliases, a service's protocol the one asked ("tcp" for none), a network's type AF_INET */
static struct servent witness_service;
static struct protoent witness_protocol;
static struct netent witness_network;
static char witness_db_name[1024];
static char witness_db_proto[256];
static char *witness_db_aliases[1];
static char *witness_db_named(const char *name) {
    snprintf(witness_db_name, sizeof witness_db_name, "%s", name != NULL ? name : "weft");
    witness_db_aliases[0] = NULL;
    return witness_db_name;
}
static struct servent *witness_servent(const char *name, int port, const char *proto) {
    witness_service.s_name = witness_db_named(name);
    witness_service.s_aliases = witness_db_aliases;
    witness_service.s_port = port;
    snprintf(witness_db_proto, sizeof witness_db_proto, "%s", proto != NULL ? proto : "tcp");
    witness_service.s_proto = witness_db_proto;
    return &witness_service;
}
static struct protoent *witness_protoent(const char *name, int number) {
    witness_protocol.p_name = witness_db_named(name);
    witness_protocol.p_aliases = witness_db_aliases;
    witness_protocol.p_proto = number;
    return &witness_protocol;
}
static struct netent *witness_netent(const char *name, uint32_t net) {
    witness_network.n_name = witness_db_named(name);
    witness_network.n_aliases = witness_db_aliases;
    witness_network.n_addrtype = AF_INET;
    witness_network.n_net = net;
    return &witness_network;
}
/* One lookup: the real call without the witness's answer, null for its 1, else the entry `make` builds */
#define WITNESS_DB(type, sym, params, args, reads, make)              \
    struct type *__real_##sym params;                                  \
    struct type *__wrap_##sym params {                                 \
        reads;                                                         \
        int found;                                                     \
        long long v = value_for(#sym, &found);                         \
        if (!found) return __real_##sym args;                          \
        if (v != 0) return NULL;                                       \
        return make;                                                   \
    }
WITNESS_DB(servent, getservbyname, (const char *name, const char *proto), (name, proto), weft_read_string(name); weft_read_string(proto),
           witness_servent(name, htons((uint16_t)next_value("getservbyname")), proto))
WITNESS_DB(servent, getservbyport, (int port, const char *proto), (port, proto), weft_read_string(proto), witness_servent(NULL, port, proto))
WITNESS_DB(servent, getservent, (void), (), (void)0, witness_servent(NULL, htons((uint16_t)next_value("getservent")), NULL))
WITNESS_DB(protoent, getprotobyname, (const char *name), (name), weft_read_string(name), witness_protoent(name, (int)next_value("getprotobyname")))
WITNESS_DB(protoent, getprotobynumber, (int number), (number), (void)0, witness_protoent(NULL, number))
WITNESS_DB(protoent, getprotoent, (void), (), (void)0, witness_protoent(NULL, (int)next_value("getprotoent")))
WITNESS_DB(netent, getnetbyname, (const char *name), (name), weft_read_string(name), witness_netent(name, (uint32_t)next_value("getnetbyname")))
WITNESS_DB(netent, getnetbyaddr, (uint32_t net, int type), (net, type), (void)0, witness_netent(NULL, net))
WITNESS_DB(netent, getnetent, (void), (), (void)0, witness_netent(NULL, (uint32_t)next_value("getnetent")))
