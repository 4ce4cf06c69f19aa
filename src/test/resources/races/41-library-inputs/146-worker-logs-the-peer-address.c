/* expect: racy */
/* issue 35: a server's worker logs its client's address with inet_ntoa (weft.exec.Addresses): accept gives the peer
   (127.0.0.1 at a port the world chose), inet_ntoa writes its dotted text into the function's static buffer, computed
   as glibc does. The worker counts local clients without a lock while main reads the count: confirmed only through the
   text glibc writes, and replayed by the reproducer's accept wrapper and the real inet_ntoa. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int local_clients;
static struct sockaddr_in peer;

static void *worker(void *arg) {
    int fd = *(int *)arg;
    char line[80];
    const char *who = inet_ntoa(peer.sin_addr);
    snprintf(line, sizeof line, "connection from %s\n", who);
    if (strcmp(who, "127.0.0.1") == 0 && strncmp(line + 16, "127.", 4) == 0) {
        local_clients++; // RACE!
    }
    close(fd);
    return NULL;
}

int main(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0 || listen(s, 4) != 0) return 1;
    socklen_t len = sizeof peer;
    int fd = accept(s, (struct sockaddr *)&peer, &len);
    if (fd < 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, &fd);
    int seen = local_clients; // RACE!
    pthread_join(t, NULL);
    close(s);
    return seen;
}
