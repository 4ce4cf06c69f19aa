/* expect: racy */
/* Found by the differential harness (seed 980000, program 23, hole atomic_counter_gate): GCC's type-generic builtins are declared with placeholder types, and the call's result was typed void *, so `__atomic_sub_fetch(&gate, 1, ..) < 0` compared a pointer (unsigned) and never held: the exploration proved the program race-free. The result has the type of *ptr (int here): the first worker sees -1 and writes x while main does. */
#include <pthread.h>

static int gate;
int x;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    if (__atomic_sub_fetch(&gate, 1, __ATOMIC_SEQ_CST) < 0)
        x++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    x = x + 1; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return x;
}
