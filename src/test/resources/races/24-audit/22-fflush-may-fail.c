/* expect: racy */
/* D29: fflush's result is the world's (a full disk, a closed descriptor: EOF with errno set). The exploration took it
   for 0, so the worker never wrote the flag and the racy program was proved race-free; run with its output on
   /dev/full, the flush fails and ThreadSanitizer reports the race. Now it is an input: a witness search takes 0 or
   EOF (recorded; the reproducer returns it: confirmed, it replays), a proof stops where the program uses it. */
#include <pthread.h>
#include <stdio.h>

int failed;

void *worker(void *arg) {
    printf("progress\n");
    if (fflush(stdout) != 0)
        failed = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    failed = 0; // RACE!
    pthread_join(t, 0);
    return failed;
}
