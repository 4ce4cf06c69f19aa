/* expect: racy */
/* audit D36: the front end took gcc's __builtin_bswap16/32/64 (what byteswap.h's bswap_16/32 and an optimised htonl expand to) for the identity, so the swapped value never met the condition and every layer proved this racy program race-free. They are C expressions every layer computes now (the argument evaluated once). */
#include <byteswap.h>
#include <pthread.h>
#include <stdint.h>

static int shared;

static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    uint32_t v = 0x01020304;
    uint64_t w = 1;
    if (bswap_32(v) == 0x04030201 && bswap_16((uint16_t) 0x0102) == 0x0201 && __builtin_bswap64(w) == 0x0100000000000000ull)
        shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
