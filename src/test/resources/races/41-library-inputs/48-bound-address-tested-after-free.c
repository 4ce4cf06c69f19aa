/* expect: racy */
/* issue 35: sol's create_and_bind_tcp: the loop over getaddrinfo's answers breaks at the first address it binds, the
   list is freed, and only then is the loop's pointer tested against null (its value is indeterminate in C11, the old
   address in the machine code gcc makes). The search takes the test as the machine does (weft.exec.Evaluator: a
   freed object's pointer against null is not null; a proof stops there), so the workers it starts are reached and
   their unlocked count is confirmed; the reproducer replays it. */
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int bound;

static int create_and_bind(const char *host, const char *port) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE};
    struct addrinfo *result, *rp;
    int sfd = -1;
    if (getaddrinfo(host, port, &hints, &result) != 0) return -1;
    for (rp = result; rp != NULL; rp = rp->ai_next) {
        sfd = socket(rp->ai_family, rp->ai_socktype, rp->ai_protocol);
        if (sfd == -1) continue;
        if (bind(sfd, rp->ai_addr, rp->ai_addrlen) == 0) break;
        close(sfd);
    }
    freeaddrinfo(result);
    if (rp == NULL) return -1;
    return sfd;
}

static void *worker(void *arg) {
    (void) arg;
    bound++; // RACE!
    return NULL;
}

int main(void) {
    int sfd = create_and_bind("127.0.0.1", "1883");
    if (sfd < 0) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    close(sfd);
    return 0;
}
