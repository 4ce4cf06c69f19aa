/* expect: racy */
/* issue 35: the self-pipe trick of event loops: the loop polls the read end of a non-blocking pipe (made so by fcntl)
   and drains it when woken; another thread wakes it by writing a byte. The waker bumps `wakeups` after its write, the
   loop after its drain, without a lock. A pipe's readiness is certain, not the world's: poll reports the pipe once it
   holds a byte, and the drain's second read fails with EAGAIN. */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

int wake[2];
int wakeups;

void *waker(void *arg) {
    write(wake[1], "w", 1);
    wakeups++; // RACE!
    return arg;
}

int main(void) {
    if (pipe(wake) != 0) return 1;
    int fl = fcntl(wake[0], F_GETFL);
    if (fl < 0 || fcntl(wake[0], F_SETFL, fl | O_NONBLOCK) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, waker, NULL);
    struct pollfd p = {wake[0], POLLIN, 0};
    if (poll(&p, 1, -1) == 1 && (p.revents & POLLIN)) {
        char c;
        int drained = 0;
        while (read(wake[0], &c, 1) == 1) drained++;
        if (drained == 1) wakeups++; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
