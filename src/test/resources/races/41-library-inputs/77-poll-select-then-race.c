/* expect: racy */
/* issue 35: a worker waits for its socket with poll (an entry with a negative descriptor skipped) and select before setting a flag main sets unlocked; which descriptor is ready is the world's choice, recorded, and the reproducer answers the same; confirmed. */
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0)
        return 0;
    struct pollfd p[2] = {{-1, POLLIN, 0}, {s, POLLIN, 0}};
    int n = poll(p, 2, 1000);
    fd_set rd;
    FD_ZERO(&rd);
    FD_SET(s, &rd);
    struct timeval tv = {1, 0};
    int m = select(s + 1, &rd, NULL, NULL, &tv);
    if (n == 1 && (p[1].revents & POLLIN) && p[0].revents == 0 && m == 1 && FD_ISSET(s, &rd))
        flag = 1; // RACE!
    close(s);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
