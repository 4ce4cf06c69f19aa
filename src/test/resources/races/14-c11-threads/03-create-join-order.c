/* expect: race-free */
/* C11 threads: main writes before thrd_create and reads after thrd_join, so it never overlaps the worker. */
#include <threads.h>

int data;

int worker(void *arg) {
    int *res = arg;
    *res = data * 2; // NORACE
    data = 0; // NORACE
    return 0;
}

int main(void) {
    thrd_t t;
    int res = 0;
    data = 21; // NORACE
    thrd_create(&t, worker, &res);
    thrd_join(t, NULL);
    return res + data; // NORACE
}
