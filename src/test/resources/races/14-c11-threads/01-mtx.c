/* expect: race-free */
/* C11 threads: every access to the counter holds the same mtx_t. */
#include <threads.h>

mtx_t m;
int counter;

int worker(void *arg) {
    (void)arg;
    mtx_lock(&m);
    counter++; // NORACE
    mtx_unlock(&m);
    return 0;
}

int main(void) {
    thrd_t t1, t2;
    mtx_init(&m, mtx_plain);
    thrd_create(&t1, worker, NULL);
    thrd_create(&t2, worker, NULL);
    mtx_lock(&m);
    counter--; // NORACE
    mtx_unlock(&m);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    mtx_destroy(&m);
    return counter; // NORACE
}
