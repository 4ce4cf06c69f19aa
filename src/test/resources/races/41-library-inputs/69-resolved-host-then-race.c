/* expect: racy */
/* issue 35: a worker resolves its relay with gethostbyname (the world's answer: one IPv4 address in the library's static host entry, the name asked as its canonical name), copies the address and looks the peer up with gethostbyaddr before setting a flag main sets unlocked; confirmed, the reproducer gives the same answers. */
#include <arpa/inet.h>
#include <netdb.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    struct hostent *h = gethostbyname("relay.example");
    struct in_addr a;
    if (h == NULL || h->h_addrtype != AF_INET || h->h_length != 4)
        return 0;
    memcpy(&a, h->h_addr_list[0], sizeof a);
    if (strcmp(h->h_name, "relay.example") != 0 || h->h_addr_list[1] != NULL)
        return 0;
    struct hostent *peer = gethostbyaddr(&a, sizeof a, AF_INET);
    if (peer != NULL && peer->h_aliases[0] == NULL)
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
