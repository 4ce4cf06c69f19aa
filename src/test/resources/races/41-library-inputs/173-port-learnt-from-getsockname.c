/* expect: racy */
/* issue 35: a test server binds port 0, asks getsockname which port the kernel gave it, and publishes the port
   without a lock while the announcer thread reads it. bind keeps a socket's address in the run (weft.exec.EventLoop:
   port 0 is the port the world chose, recorded after bind's result), and getsockname answers it: the race behind
   `port != 0` is confirmed, and the reproducer's bind and getsockname wrappers give the witness's address. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int listening_port;

static void *announcer(void *arg) {
    return (void *) (long) listening_port; // RACE!
}

int main(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return 1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    if (bind(s, (struct sockaddr *) &a, sizeof a) != 0) return 1;
    pthread_t t;
    pthread_create(&t, 0, announcer, 0);
    struct sockaddr_in got;
    socklen_t len = sizeof got;
    if (getsockname(s, (struct sockaddr *) &got, &len) == 0 && len == sizeof got && got.sin_port != 0)
        listening_port = ntohs(got.sin_port); // RACE!
    pthread_join(t, 0);
    close(s);
    return 0;
}
