/* expect: racy */
/* issue 35: threads resolving a backend's address with gethostbyname_r (weft.exec.Addresses): the resolver's answer
   is the world's (one IPv4 address, recorded), laid out in each thread's own struct hostent and buffer, *result
   pointing at the entry. The resolver counts resolved backends without a lock while main reads the count: confirmed,
   and the reproducer's wrapper lays out the same answer in the caller's buffer. */
#define _GNU_SOURCE
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>

static int resolved;

static void *resolver(void *arg) {
    struct hostent he, *res = NULL;
    char buf[1024];
    int herr = 0;
    if (gethostbyname_r("backend", &he, buf, sizeof buf, &res, &herr) == 0 && res == &he && he.h_addrtype == AF_INET
        && he.h_length == 4 && he.h_addr_list[0] != NULL && he.h_addr_list[1] == NULL && he.h_aliases[0] == NULL
        && strcmp(he.h_name, "backend") == 0) {
        resolved++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, resolver, NULL);
    int seen = resolved; // RACE!
    pthread_join(t, NULL);
    return seen;
}
