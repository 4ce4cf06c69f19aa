/* expect: racy */
/* issue 35: a server that finds its port and protocol in the network databases (weft.exec.Databases):
   getservbyname's entry and the port it maps "smtp" to, getprotobyname's protocol number, getservbyport's and
   getprotobynumber's entries for the numbers asked, the next entries of getservent, getprotoent, getnetent and
   gethostent are the world's answers, chosen and recorded, laid out as glibc's static entries. The listener counts
   the lookups that agree without a lock while main reads the count: confirmed, and the reproducer's wrappers give the
   same entries back. */
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>

static int agreed;

static void *listener(void *arg) {
    struct servent *s = getservbyname("smtp", "tcp");
    if (s == NULL || strcmp(s->s_proto, "tcp") != 0 || s->s_aliases[0] != NULL) return arg;
    int port = s->s_port;
    struct servent *back = getservbyport(port, NULL);
    if (back == NULL || back->s_port != port || strcmp(back->s_proto, "tcp") != 0) return arg;
    struct protoent *p = getprotobyname("tcp");
    if (p == NULL || strcmp(p->p_name, "tcp") != 0) return arg;
    int number = p->p_proto;
    struct protoent *q = getprotobynumber(number);
    if (q == NULL || q->p_proto != number) return arg;
    setservent(0);
    struct servent *next = getservent();
    struct protoent *other = getprotoent();
    struct netent *net = getnetent();
    sethostent(0);
    struct hostent *h = gethostent();
    endhostent();
    if (next != NULL && other != NULL && net != NULL && net->n_addrtype == AF_INET && h != NULL && h->h_length == 4) {
        agreed++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, listener, NULL);
    int seen = agreed; // RACE!
    pthread_join(t, NULL);
    return seen;
}
