/* expect: racy */
/* audit D40, its regression: strsep reads its delimiter string and getservbyname the service's name, but the library table said strsep read only the string it cuts and getservbyname only the protocol. A worker rewriting the delimiters while main cut a line raced; every layer but the exploration proved it race-free. The rows read those strings now. */
#include <netdb.h>
#include <pthread.h>
#include <string.h>

static char delimiters[4] = ",";
static char service[8] = "http";

static void *worker(void *arg) {
    (void) arg;
    delimiters[0] = ';'; // RACE!
    service[0] = 'f'; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    char line[8] = "a,b";
    char *rest = line;
    pthread_create(&t, 0, worker, 0);
    char *first = strsep(&rest, delimiters); // RACE!
    struct servent *s = getservbyname(service, "tcp"); // RACE!
    pthread_join(t, 0);
    return first == 0 || s == (struct servent *) 1;
}
