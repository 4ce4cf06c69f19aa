/* expect: race-free */
/* weft: imprecise: longjmp is not modelled, so no proof is attempted for a program that makes one */
#include <pthread.h>
#include <setjmp.h>

jmp_buf env;
int counter;

void *worker(void *arg) {
    (void)arg;
    counter++; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    volatile int rounds = 0;
    if (setjmp(env) == 0) {
        rounds++;
        longjmp(env, 1);
    }
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    counter = rounds; // NORACE
    return 0;
}
