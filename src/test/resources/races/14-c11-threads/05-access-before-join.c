/* expect: racy */
/* C11 threads: main reads the result between thrd_create and thrd_join while the worker writes it. */
#include <threads.h>

int result;

int worker(void *arg) {
    (void)arg;
    result = 42; // RACE!
    return 0;
}

int main(void) {
    thrd_t t;
    int early;
    thrd_create(&t, worker, NULL);
    early = result; // RACE!
    thrd_join(t, NULL);
    return early + result; // NORACE
}
