/* expect: racy */
/* C11 threads: two threads started with thrd_create increment a global without a mutex. */
#include <threads.h>

int counter;

int worker(void *arg) {
    (void)arg;
    counter++; // RACE!
    return 0;
}

int main(void) {
    thrd_t t1, t2;
    thrd_create(&t1, worker, NULL);
    thrd_create(&t2, worker, NULL);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    return counter; // NORACE
}
