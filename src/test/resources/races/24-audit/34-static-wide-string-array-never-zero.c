/* expect: race-free */
/* weft: imprecise: wide string literals are not decoded: the array's bytes are unknown to every layer, so the race-freedom is not proved */
/* the race-free side of 33 (audit D33): the accesses run only where the wide array's first element is zero, which it never is; before D33 the explorer confirmed a race here that cannot happen. */
#include <pthread.h>
#include <wchar.h>

static wchar_t mode[] = L"r";
int shared;

static void *worker(void *arg) {
    (void) arg;
    if (mode[0] == 0)
        shared = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (mode[0] == 0)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return shared;
}
