/* expect: racy */
/* issue 35: a reader that asks a pipe how many bytes wait (ioctl FIONREAD) after making its end non-blocking with
   FIONBIO: empty at first (a read fails with EAGAIN), then the three bytes a worker wrote. The count is the pipe's own
   (weft.exec.Pipes), not the world's: the race behind it (both threads count without a lock) is confirmed only where
   the worker's write came first, and the reproducer's ioctl, a schedule point, sees the same bytes. */
#include <errno.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <unistd.h>

int fds[2];
int seen;

void *writer(void *arg) {
    write(fds[1], "abc", 3);
    seen++; // RACE!
    return arg;
}

int main(void) {
    if (pipe(fds) != 0) return 1;
    int on = 1, pending = -1;
    char c;
    if (ioctl(fds[0], FIONBIO, &on) != 0) return 1;
    int empty = read(fds[0], &c, 1) == -1 && errno == EAGAIN;
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    if (ioctl(fds[0], FIONREAD, &pending) == 0 && pending == 3 && empty) seen++; // RACE!
    pthread_join(t, NULL);
    return 0;
}
