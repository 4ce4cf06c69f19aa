/* expect: race-free */
/* C11 call_once: the initialiser runs exactly once and completes before any call_once returns. */
#include <threads.h>

once_flag flag = ONCE_FLAG_INIT;
int table;

void init(void) {
    table = 42; // NORACE
}

int worker(void *arg) {
    (void)arg;
    call_once(&flag, init);
    return table; // NORACE
}

int main(void) {
    thrd_t t1, t2;
    thrd_create(&t1, worker, NULL);
    thrd_create(&t2, worker, NULL);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    return 0;
}
