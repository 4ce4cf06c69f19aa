/* expect: race-free */
/* weft: imprecise: the thread-modular layer does not order a pipe's write before the read that waits for it */
/* issue 35: main fills the buffer, then writes one byte into a pipe; the worker's blocking read waits for it, so it
   never reads the buffer while main writes it. A non-blocking pipe nobody writes fails with EAGAIN (its branch never
   runs), and reading after the last writer's close gives 0, never a byte. The pipe models (weft.exec.Pipes) must keep
   the worker blocked until main's write and never give an empty pipe a byte, or the search would confirm a race that
   no execution has (a wrong false). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

int ready[2];
int idle[2];
int buffer;

void *worker(void *arg) {
    char c;
    if (read(idle[0], &c, 1) == 1) buffer = 3; // NORACE
    if (read(ready[0], &c, 1) == 1 && c == 'r') {
        int v = buffer; // NORACE
        if (read(ready[0], &c, 1) != 0) buffer = v; // NORACE
        return (void *)(long)v;
    }
    return arg;
}

int main(void) {
    if (pipe(ready) != 0 || pipe2(idle, O_NONBLOCK) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    buffer = 42; // NORACE
    write(ready[1], "r", 1);
    close(ready[1]);
    pthread_join(t, NULL);
    return 0;
}
