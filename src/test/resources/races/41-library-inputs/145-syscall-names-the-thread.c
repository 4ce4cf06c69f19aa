/* expect: racy */
/* issue 35: syscall(2) as real programs use it to name threads (weft.model.SystemCalls): syscall(SYS_gettid) is
   gettid(), the world's thread id, which the process keeps (the same id again, another thread's distinct, main's the
   process id), so the worker's id read both ways agrees and differs from the process's. The worker logs a line
   counted without a lock while main reads the count: confirmed, and the reproducer's syscall wrapper answers as the
   gettid and getpid wrappers do. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static int lines;

static void *worker(void *arg) {
    long tid = syscall(SYS_gettid);
    if (tid == gettid() && tid != syscall(SYS_getpid) && syscall(SYS_getuid) == getuid()) {
        char line[64];
        snprintf(line, sizeof line, "[%ld] started\n", tid);
        lines++; // RACE!
    }
    sched_yield();
    return arg;
}

int main(void) {
    if (syscall(SYS_gettid) != getpid()) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    syscall(SYS_sched_yield);
    int seen = lines; // RACE!
    pthread_join(t, NULL);
    return seen;
}
