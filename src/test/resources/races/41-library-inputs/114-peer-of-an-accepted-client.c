/* expect: racy */
/* issue 35: a server logs who connected: getpeername of the connection accept gave answers the peer accept wrote
   (127.0.0.1 at the port the witness recorded: weft.exec.EventLoop), and behind that answer main counts beside a
   worker without a lock. The reproducer's accept and getpeername give the same peer without a network. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int peers;

void *worker(void *arg) {
    peers++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in me;
    memset(&me, 0, sizeof me);
    me.sin_family = AF_INET;
    me.sin_port = htons(8080);
    if (s >= 0 && bind(s, (struct sockaddr *)&me, sizeof me) == 0 && listen(s, 4) == 0) {
        int c = accept(s, NULL, NULL);
        struct sockaddr_in p;
        socklen_t len = sizeof p;
        if (c >= 0 && getpeername(c, (struct sockaddr *)&p, &len) == 0 && len == sizeof p && p.sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
            peers++; // RACE!
        }
    }
    pthread_join(t, NULL);
    return 0;
}
