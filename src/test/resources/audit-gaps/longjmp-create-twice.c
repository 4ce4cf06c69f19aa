/* expect: racy */
/* gap: non-local jump */
/* longjmp back to a setjmp before pthread_create runs the create twice: two instances of worker race. */
#include <pthread.h>
#include <setjmp.h>

jmp_buf env;
int counter;

void *worker(void *arg) {
    (void)arg;
    counter++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    volatile int rounds = 0;
    setjmp(env);
    if (rounds < 2) {
        rounds++;
        pthread_create(&t, NULL, worker, NULL);
        longjmp(env, 1);
    }
    return 0;
}
