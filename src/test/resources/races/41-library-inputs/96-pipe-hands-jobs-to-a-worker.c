/* expect: racy */
/* issue 35: a thread pool's hand-over through a pipe (the shape of memcached's and many servers' notify pipes): main
   writes pointers to jobs into a pipe, the worker reads them back whole and runs each until the pipe ends; both count
   the jobs in `done` without a lock. The pipe's bytes are the program's own (weft.exec.Pipes): the worker gets exactly
   the pointers main wrote, blocks while the pipe is empty and sees its end once main closes the write end; the
   reproducer makes the real pipe at the numbers the witness gave. */
#include <pthread.h>
#include <unistd.h>

struct job {
    int id;
    int *slot;
};

int fds[2];
int results[2];
int done;

void *worker(void *arg) {
    struct job *j;
    while (read(fds[0], &j, sizeof j) == sizeof j) {
        *j->slot = j->id * 2; // NORACE
        done++; // RACE!
    }
    return arg;
}

int main(void) {
    if (pipe(fds) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    static struct job jobs[2];
    for (int i = 0; i < 2; i++) {
        jobs[i].id = i;
        jobs[i].slot = &results[i];
        struct job *p = &jobs[i];
        if (write(fds[1], &p, sizeof p) != sizeof p) return 1;
    }
    done++; // RACE!
    close(fds[1]);
    pthread_join(t, NULL);
    return results[1] == 2 ? 0 : 1; // NORACE
}
