/* expect: race-free */
/* issue 35: 41-event-loops-accept-in-parallel with the count under a lock: the loops' other accesses are their own
   (each its epoll instance, its events, its peer's address), the listening socket and the stop counter are only
   read; the thread-modular layer proves it without running the event loop (whose answers are the world's). */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

struct loop {
    int listener;
    int stop;
};

int clients;
pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_accept(int listener) {
    struct sockaddr_in peer;
    socklen_t len = sizeof peer;
    int fd = accept(listener, (struct sockaddr *) &peer, &len);
    if (fd < 0) return;
    char ip[INET_ADDRSTRLEN];
    if (inet_ntop(AF_INET, &peer.sin_addr, ip, sizeof ip) == NULL) return;
    pthread_mutex_lock(&count_lock);
    clients++; // NORACE
    pthread_mutex_unlock(&count_lock);
}

static void *event_loop(void *arg) {
    struct loop *l = arg;
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN};
    ev.data.fd = l->stop;
    epoll_ctl(ep, EPOLL_CTL_ADD, l->stop, &ev);
    ev.data.fd = l->listener;
    epoll_ctl(ep, EPOLL_CTL_ADD, l->listener, &ev);
    struct epoll_event ready[8];
    for (;;) {
        int n = epoll_wait(ep, ready, 8, -1);
        for (int i = 0; i < n; i++) {
            if (ready[i].data.fd == l->stop) {
                close(ep);
                return NULL;
            }
            on_accept(ready[i].data.fd);
        }
    }
}

int main(void) {
    struct addrinfo hints, *res;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if (getaddrinfo("127.0.0.1", "1883", &hints, &res) != 0) return 1;
    int s = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    if (s < 0 || bind(s, res->ai_addr, res->ai_addrlen) != 0) return 1;
    freeaddrinfo(res);
    int flags = fcntl(s, F_GETFL, 0);
    if (flags == -1 || fcntl(s, F_SETFL, flags | O_NONBLOCK) == -1) return 1;
    if (listen(s, 16) != 0) return 1;
    struct loop l = {s, eventfd(0, EFD_NONBLOCK)};
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, event_loop, &l);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    close(s);
    return 0;
}
