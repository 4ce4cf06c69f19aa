/* expect: racy */
/* issue 35: main starts a logger thread, then forks a helper process that runs a command; the parent goes on and
   counts the job without the lock the logger takes. A fork while another thread runs leaves the child the calling
   thread alone, and the child here only execs: a run goes on in the parent (the child's id, new) or in no new process
   (-1). The race is the parent's: confirmed, and the reproducer forks for real, its child ends at once. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int jobs;

static void *logger(void *arg) {
    pthread_mutex_lock(&lock);
    int seen = jobs; // RACE!
    pthread_mutex_unlock(&lock);
    return (void *) (long) seen;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, logger, 0);
    pid_t pid = fork();
    if (pid == 0) {
        execlp("true", "true", (char *) 0);
        _exit(127);
    }
    if (pid > 0) jobs++; // RACE!
    pthread_join(t, 0);
    return 0;
}
