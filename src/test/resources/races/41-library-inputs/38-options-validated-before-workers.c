/* expect: racy */
/* issue 35: a scanner that refuses to start without an address in dotted-quad form (-s: four parts, checked by
   inet_addr) and an e-mail address (-b: an '@' with something on both sides), and exits on any option it does not
   know. No fixed command line gets past
   both checks; the witness search's feedback search does (explore.CommandLines.extensions): -s 127.0.0.1 takes main
   further than any other option, then -b a@b.c starts the worker, whose write races with main's. The reproducer
   starts main with that command line. */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int hosts;
const char *address;
const char *mail;

void *scanner(void *arg) {
    hosts = 1; // RACE!
    return arg;
}

static void usage(void) {
    fprintf(stderr, "usage: scan -s address -b e-mail [-v]\n");
    exit(2);
}

int main(int argc, char **argv) {
    int c;
    pthread_t t;
    while ((c = getopt(argc, argv, "b:s:vx")) != -1) {
        switch (c) {
        case 'b': mail = optarg; break;
        case 's': address = optarg; break;
        case 'v': break;
        default: usage();
        }
    }
    if (address == NULL || inet_addr(address) == INADDR_NONE) usage();
    int dots = 0;
    for (const char *p = address; *p; p++) dots += *p == '.';
    if (dots != 3) usage();
    const char *at = mail == NULL ? NULL : strchr(mail, '@');
    if (at == NULL || at == mail || at[1] == 0) usage();
    pthread_create(&t, 0, scanner, 0);
    hosts = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
