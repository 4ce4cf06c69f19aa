/* expect: race-free */
/* audit D36, its regression: gcc folds __builtin_bswap16/32/64 of a constant, so a swap is an integer constant expression in a static initializer. When the front end wrote the swaps as statement expressions, this valid program was refused ("initializer element is not constant"); they are folded now, and computed where the argument is not constant. main writes 'shared' only when a swap is wrong, so no run of this program races. */
#include <byteswap.h>
#include <pthread.h>
#include <stdint.h>

static int shared;
static const unsigned m32 = __builtin_bswap32(0x12345678u);
static const unsigned long long m64 = __builtin_bswap64(0x0102030405060708ull);
static const unsigned short m16 = __builtin_bswap16(0xabcd);
static const uint32_t table[2] = {__builtin_bswap32(1), __builtin_bswap32(0x80000000u)};

static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    volatile uint64_t x = 0x8877665544332211ull;
    uint16_t h = 0x1234;
    int right = m32 == 0x78563412u && m64 == 0x0807060504030201ull && m16 == 0xcdab
            && table[0] == 0x01000000u && table[1] == 0x80u
            && __builtin_bswap64(x) == 0x1122334455667788ull && bswap_16(h) == 0x3412
            && __builtin_bswap32(h) == 0x34120000u;
    if (!right)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
