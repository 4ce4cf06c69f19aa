/* expect: race-free */
/* A C11 mtx_unlock wrapper called with &m[i] and with &big: big stays held between the two calls. */
#include <threads.h>

mtx_t big;
mtx_t m[2];
int counter;
int which[2] = { 0, 1 };

void release(mtx_t *p) {
    mtx_unlock(p);
}

int worker(void *arg) {
    int i = *(int *)arg;
    mtx_lock(&big);
    mtx_lock(&m[i]);
    release(&m[i]);
    counter++; // NORACE
    release(&big);
    return 0;
}

int main(void) {
    thrd_t t1, t2;
    mtx_init(&big, mtx_plain);
    mtx_init(&m[0], mtx_plain);
    mtx_init(&m[1], mtx_plain);
    thrd_create(&t1, worker, &which[0]);
    thrd_create(&t2, worker, &which[1]);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    return counter; // NORACE
}
