/* Golden witness: the race needs a nondeterministic input to take the branch that creates the writer. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int data;

void *writer(void *arg) {
    data = 42;
    return arg;
}

int main(void) {
    pthread_t t;
    int mode = __VERIFIER_nondet_int();
    if (mode == 3) {
        pthread_create(&t, NULL, writer, NULL);
    }
    data = 7;
    return 0;
}
