/* expect: racy */
/* weft: imprecise: the proof stops at the handle's bits, and the search's handles (1, 2) fail the test */
/* D28: a thread handle's value is unspecified; glibc's are the addresses of the threads' descriptors, aligned, so the
   worker's test holds and it races with main (ThreadSanitizer reports it). The exploration gave thread n the handle
   n + 1 and the bounded layer the number of its slot, in proofs as in searches: the worker's handle 2 failed the test
   and both answered race-free, a wrong `true`. Now a proof takes a handle for a pointer to an object of its own (the
   exploration) or a value of its own, non-zero and distinct from the others (the bounded layer): computing with its
   bits stops the proof. */
#include <pthread.h>

int flag;

void *worker(void *arg) {
    if (((unsigned long)pthread_self() & 3) == 0)
        flag = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
