/* expect: racy */
/* issue 35: a legacy tool enciphers a block with the C library's DES (setkey, encrypt: glibc 2.2.5's interface, which
   libxcrypt keeps as compatibility symbols, linked here by version) and, when the ciphertext is the one DES gives,
   publishes a checksum a reporter thread reads without a lock. Weft computes the block with the installed libcrypt:
   confirmed and replayed. */
#define _GNU_SOURCE
#include <crypt.h>
#include <pthread.h>
#include <stdio.h>

__asm__(".symver setkey,setkey@GLIBC_2.2.5");
__asm__(".symver encrypt,encrypt@GLIBC_2.2.5");
extern void setkey(const char *key);
extern void encrypt(char block[64], int edflag);

static unsigned long checksum;

static void *reporter(void *arg) {
    printf("checksum %lu\n", checksum); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    char key[64], block[64];
    for (int i = 0; i < 64; i++) {
        key[i] = (char) ((i * 7 / 3) & 1);
        block[i] = (char) ((i * 5 / 2) & 1);
    }
    pthread_create(&t, NULL, reporter, NULL);
    setkey(key);
    encrypt(block, 0);
    unsigned long bits = 0;
    for (int i = 0; i < 64; i++) bits = bits << 1 | (unsigned long) (block[i] & 1);
    if (bits == 0x635AAF2B683DCDFEUL) {
        checksum = bits; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
