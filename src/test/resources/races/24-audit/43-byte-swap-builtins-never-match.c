/* expect: race-free */
/* audit D36 (twin of 42): a swapped value differs from the value itself, so the unlocked write is never made. */
#include <byteswap.h>
#include <pthread.h>
#include <stdint.h>

static int shared;

static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    uint32_t v = 0x01020304;
    if (bswap_32(v) == v || __builtin_bswap64((uint64_t) 1) == 1)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
