/* expect: racy */
/* issue 35: a small server in knot's shape: main opens a listening socket on the port its command line gives and
   starts two acceptor threads, which count each accepted connection without a lock. The world's answers (socket,
   setsockopt, bind, listen, accept: inputs within what POSIX allows, recorded in the witness) and the command line
   let the explorer confirm the race; the reproducer's wrappers give the same answers, so no client is needed. */
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

static int connections;

static void *acceptor(void *arg) {
    int s = (int) (long) arg;
    int c = accept(s, NULL, NULL);
    if (c < 0)
        return NULL;
    connections++; // RACE!
    close(c);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s port threads\n", argv[0]);
        return 1;
    }
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0)
        return 1;
    int one = 1;
    if (setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
        return 1;
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short) atoi(argv[1]));
    if (bind(s, (struct sockaddr *) &a, sizeof a) < 0 || listen(s, 16) < 0)
        return 1;
    int n = atoi(argv[2]);
    if (n > 2)
        n = 2;
    pthread_t t[2];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, acceptor, (void *) (long) s);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    return connections;
}
