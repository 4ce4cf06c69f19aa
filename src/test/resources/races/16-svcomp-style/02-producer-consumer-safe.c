/* expect: race-free */
/* SV-COMP style bounded buffer: producer and consumer run nondet many rounds, all buffer accesses under one mutex. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error() {}

#define SIZE 4

int buffer[SIZE];
int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10);
    for (int k = 0; k < n; k++) {
        pthread_mutex_lock(&m);
        if (count < SIZE) { // NORACE
            buffer[count] = k; // NORACE
            count++; // NORACE
        }
        pthread_mutex_unlock(&m);
    }
    return arg;
}

void *consumer(void *arg) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10);
    for (int k = 0; k < n; k++) {
        pthread_mutex_lock(&m);
        if (count > 0) { // NORACE
            count--; // NORACE
            if (buffer[count] < 0) // NORACE
                reach_error();
        }
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return count; // NORACE
}
