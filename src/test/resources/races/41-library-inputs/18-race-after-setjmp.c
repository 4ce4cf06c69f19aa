/* expect: racy */
/* issue 35: a worker sets up an error exit with setjmp (pigz's try/catch does) and then writes a counter main reads
   without a lock; setjmp returns 0 when called (a longjmp, which the explorer does not execute, would stop the run),
   so the explorer goes on and confirms the race. */
#include <pthread.h>
#include <setjmp.h>

static jmp_buf on_error;
static int jobs;

static void *worker(void *arg) {
    if (setjmp(on_error) == 0)
        jobs++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = jobs; // RACE!
    pthread_join(t, NULL);
    return seen;
}
