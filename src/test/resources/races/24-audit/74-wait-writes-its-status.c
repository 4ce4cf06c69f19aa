/* expect: racy */
/* weft: imprecise: whether the process has children to wait for is the world's (a proof stops at wait) */
/* issue 35's review: wait writes the status of the child it reaped through its pointer, while a worker writes the same
   int. The first model of wait answered ECHILD in proofs too (a run starts no child), so the exploration's proof
   never saw the status write and answered race-free; but a process may have children its image inherited across an
   exec, whose status wait then writes (ExplorerRowsTest caught it: every executed row must record its accesses). A
   proof now stops at wait; the witness search still answers ECHILD (a world without inherited children). */
#include <pthread.h>
#include <sys/wait.h>

int status;

void *worker(void *arg) {
    status = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    wait(&status); // RACE!
    pthread_join(t, NULL);
    return 0;
}
