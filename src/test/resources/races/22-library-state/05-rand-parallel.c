/* expect: racy */
/* rand is not required to be thread-safe: two threads calling it in parallel race on <libc:rand state>. */
#include <pthread.h>
#include <stdlib.h>

void *t(void *a) {
    int r = rand(); // RACE!
    return (void *)(long)r;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    int r = rand(); // RACE!
    pthread_join(a, 0);
    return r & 1;
}
