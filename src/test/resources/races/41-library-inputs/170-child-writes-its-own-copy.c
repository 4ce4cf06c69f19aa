/* expect: race-free */
/* weft: imprecise: the analyses do not tell the child's memory from the parent's, and proofs stop at fork (which process goes on is the world's) */
/* issue 35: main starts a reader thread and then forks; the child writes the shared flag and exits. Its write is to
   its own copy of the memory: the reader, a thread of the parent, never sees it, so there is no race. A run never
   goes on in the child of a fork while another thread runs (weft.exec.Processes#fork): the child has the calling
   thread alone, and the explorer has no other process's memory; so nothing is confirmed. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static int flag;

static void *reader(void *arg) {
    return (void *) (long) flag;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, reader, 0);
    pid_t pid = fork();
    if (pid == 0) {
        flag = 1;
        _exit(0);
    }
    pthread_join(t, 0);
    if (pid > 0) waitpid(pid, 0, 0);
    return 0;
}
