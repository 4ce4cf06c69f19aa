/* expect: race-free */
/* Two threads memset disjoint halves of one buffer; the byte ranges do not overlap. */
#include <pthread.h>
#include <string.h>

unsigned char buf[16];

void *low(void *arg) {
    (void)arg;
    memset(buf, 1, 8); // NORACE
    return NULL;
}

void *high(void *arg) {
    (void)arg;
    memset(buf + 8, 2, 8); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, low, NULL);
    pthread_create(&t2, NULL, high, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return buf[0] + buf[15]; // NORACE
}
