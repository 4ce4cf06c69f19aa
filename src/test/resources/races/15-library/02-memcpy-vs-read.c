/* expect: racy */
/* memcpy writes its destination buffer while main reads it; the source is only read. */
#include <pthread.h>
#include <string.h>

char src[8] = "abcdefg";
char dst[8];

void *copy(void *arg) {
    (void)arg;
    memcpy(dst, src, sizeof dst); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, copy, NULL);
    char c = dst[5]; // RACE!
    char d = src[5]; // NORACE
    pthread_join(t, NULL);
    return c + d;
}
