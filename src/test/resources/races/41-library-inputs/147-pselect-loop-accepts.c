/* expect: racy */
/* issue 35: an event loop waiting with pselect (weft.exec.EventLoop): the listening socket may be ready, the world's
   choice, recorded; pselect rewrites the sets as select does but leaves its struct timespec as it was, and reads the
   signal mask it waits under. The loop counts accepted connections without a lock while main reads the count:
   confirmed, and the reproducer's pselect wrapper gives the same answer back. */
#include <pthread.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int listener;
static int accepted;

static void *loop(void *arg) {
    (void)arg;
    sigset_t mask;
    sigemptyset(&mask);
    struct timespec wait = {2, 500};
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(listener, &readable);
    int n = pselect(listener + 1, &readable, NULL, NULL, &wait, &mask);
    if (n == 1 && FD_ISSET(listener, &readable) && wait.tv_sec == 2 && wait.tv_nsec == 500) {
        int fd = accept(listener, NULL, NULL);
        if (fd >= 0) {
            accepted++; // RACE!
            close(fd);
        }
    }
    return NULL;
}

int main(void) {
    listener = socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0 || listen(listener, 4) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, loop, NULL);
    int seen = accepted; // RACE!
    pthread_join(t, NULL);
    close(listener);
    return seen;
}
