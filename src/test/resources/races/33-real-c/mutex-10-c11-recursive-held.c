/* expect: race-free */
/* A C11 mtx_recursive mutex locked twice and unlocked once is still held. */
#include <threads.h>

mtx_t m;
int g;

int worker(void *arg) {
    (void)arg;
    mtx_lock(&m);
    g = 1; // NORACE
    mtx_unlock(&m);
    return 0;
}

int main(void) {
    thrd_t t;
    mtx_init(&m, mtx_plain | mtx_recursive);
    thrd_create(&t, worker, NULL);
    mtx_lock(&m);
    mtx_lock(&m);
    mtx_unlock(&m);
    g = 2; // NORACE
    mtx_unlock(&m);
    thrd_join(t, NULL);
    return 0;
}
