/* expect: race-free */
/* issue 35: the locked twin of 199: the legacy tool enciphers its block with the C library's DES (setkey, encrypt,
   linked by version) and publishes the checksum under the report's mutex, which the reporter takes to read it. */
#define _GNU_SOURCE
#include <crypt.h>
#include <pthread.h>
#include <stdio.h>

__asm__(".symver setkey,setkey@GLIBC_2.2.5");
__asm__(".symver encrypt,encrypt@GLIBC_2.2.5");
extern void setkey(const char *key);
extern void encrypt(char block[64], int edflag);

static unsigned long checksum;
static pthread_mutex_t report = PTHREAD_MUTEX_INITIALIZER;

static void *reporter(void *arg) {
    pthread_mutex_lock(&report);
    unsigned long now = checksum; // NORACE
    pthread_mutex_unlock(&report);
    printf("checksum %lu\n", now);
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
        pthread_mutex_lock(&report);
        checksum = bits; // NORACE
        pthread_mutex_unlock(&report);
    }
    pthread_join(t, NULL);
    return 0;
}
