/* expect: racy */
/* issue 35: a duplicate of a pipe's write end (dup) keeps the pipe open: the reader meets the end only once both the
   original and the duplicate are closed. The worker closes the duplicate and then sets `state`; main waits for the
   pipe's end before setting `state` itself: the two writes race only because the worker's close precedes its write,
   which main's read of the end cannot see past (weft.exec.Pipes: dup shares the open pipe; the end comes at the last
   writer's close). */
#include <pthread.h>
#include <unistd.h>

int fds[2];
int copy;
int state;

void *worker(void *arg) {
    write(copy, "x", 1);
    close(copy);
    state = 1; // RACE!
    return arg;
}

int main(void) {
    if (pipe(fds) != 0) return 1;
    copy = dup(fds[1]);
    if (copy < 0) return 1;
    close(fds[1]);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    char c;
    int got = 0;
    while (read(fds[0], &c, 1) == 1) got++;
    if (got == 1) state = 2; // RACE!
    pthread_join(t, NULL);
    return 0;
}
