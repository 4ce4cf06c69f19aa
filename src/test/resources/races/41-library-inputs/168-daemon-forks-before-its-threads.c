/* expect: racy */
/* issue 35: a server that makes itself a daemon (sol's daemonize): it forks, the parent exits, and the child goes on
   to start its workers. Which process a run goes on in is the world's (weft.exec.Processes#fork): the parent, where
   the program ends, or the child, alone (fork gives it the calling thread only), whose own ids are new. The child's
   worker and its main bump the served count without a lock: confirmed in the child, and the reproducer forks for real
   and goes on in the child (the parent waits and ends as it does). */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static long served;

static void *worker(void *arg) {
    served++; // RACE!
    return arg;
}

static void daemonize(void) {
    pid_t pid = fork();
    if (pid < 0) exit(1);
    if (pid > 0) exit(0);
    setsid();
}

int main(void) {
    daemonize();
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    served++; // RACE!
    pthread_join(t, 0);
    return served == 2 ? 0 : 1;
}
