/* expect: race-free */
/* weft: imprecise: a proof stops at the world's answers */
/* audit D51: the world decides what getpid, gettid, getuid, sysconf and the clocks answer, but a process keeps them:
   its id and its user's stay, its threads' ids differ from it and from each other (the main thread's is the
   process's), the system's configuration stays, and a monotonic clock never reads below its last reading. Weft chose
   each answer anew: the search confirmed the races below, behind answers no execution gives (a wrong false on
   0e7b516). The answers are now kept (weft.exec.WorldKept), and none of the branches is taken. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>
#include <unistd.h>

int x;
pid_t main_tid;

void *worker(void *arg) {
    x = 1; // NORACE
    if (gettid() == main_tid || gettid() == getpid()) x = 5; // NORACE
    return arg;
}

int main(void) {
    pid_t first = getpid();
    main_tid = gettid();
    long page = sysconf(_SC_PAGESIZE);
    uid_t uid = getuid();
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    clock_t c1 = clock();
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (getpid() != first || main_tid != first) x = 2; // NORACE
    if (sysconf(_SC_PAGESIZE) != page || getuid() != uid) x = 3; // NORACE
    if (b.tv_sec < a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec < a.tv_nsec) || clock() < c1) x = 4; // NORACE
    pthread_join(t, 0);
    return 0;
}
