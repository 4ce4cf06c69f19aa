/* expect: race-free */
/* issue 35: the same computations as 33, whose results keep main from writing while the worker runs: a proof
   computes strstr, strcat, strncasecmp, the ctype table and inet_addr exactly (weft.exec.StringFunctions), so every
   execution is explored and none races. */
#include <arpa/inet.h>
#include <ctype.h>
#include <pthread.h>
#include <string.h>

int relays;

void *worker(void *arg) {
    relays = 1; // NORACE
    return arg;
}

int main(void) {
    char line[64];
    pthread_t t;
    strcpy(line, "relay ");
    strcat(line, "HOST 10.0.0.07");
    pthread_create(&t, 0, worker, 0);
    char *host = strstr(line, "host");
    if (host != 0 || strncasecmp(line + 6, "host", 4) != 0) relays = 2;
    if (isspace((unsigned char)line[0]) || !isupper((unsigned char)line[6]) || toupper('q') != 'Q') relays = 3;
    /* "07" is octal: 10.0.0.7; "08" is no number at all */
    if (inet_addr(line + 11) != htonl(0x0a000007) || inet_addr("10.0.0.08") != INADDR_NONE) relays = 4;
    pthread_join(t, 0);
    relays = 5; // NORACE
    return 0;
}
