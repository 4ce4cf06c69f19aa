/* expect: race-free */
/* issue 35: the shape of a real broker's read path (sol's recv_bytes, its info.bytes_recv): two event loops accept a
   client each, receive its request with recv, count the bytes received under a lock and answer with send
   (MSG_NOSIGNAL). The world's answers are the search's choices: the connection accept gives, how many bytes recv
   returns (the end, all, a part or a failure) and their value; the reproducer's wrappers give the same. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

long received;
pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void *event_loop(void *arg) {
    int listener = *(int *) arg;
    struct sockaddr_in peer;
    socklen_t len = sizeof peer;
    int fd = accept(listener, (struct sockaddr *) &peer, &len);
    if (fd < 0) return NULL;
    unsigned char buf[64];
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
        close(fd);
        return NULL;
    }
    pthread_mutex_lock(&count_lock);
    received += n; // NORACE
    pthread_mutex_unlock(&count_lock);
    if (send(fd, buf, (size_t) n, MSG_NOSIGNAL) < 0) perror("send");
    close(fd);
    return NULL;
}

int main(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return 1;
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(1883);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(s, (struct sockaddr *) &addr, sizeof addr) != 0 || listen(s, 16) != 0) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, event_loop, &s);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    close(s);
    return 0;
}
