/* expect: race-free */
/* issue 35, the twin of 77: the worker waits for its socket with poll and select (the world's answers: the exploration stops there) and sets the flag under the mutex main holds for its write; the thread-modular layer proves it. */
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

static int flag;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0)
        return 0;
    struct pollfd p = {s, POLLIN | POLLOUT, 0};
    fd_set wr;
    FD_ZERO(&wr);
    FD_SET(s, &wr);
    if (poll(&p, 1, 100) > 0 || select(s + 1, NULL, &wr, NULL, NULL) > 0) {
        pthread_mutex_lock(&lock);
        flag = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    close(s);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&lock);
    flag = 2; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    return 0;
}
