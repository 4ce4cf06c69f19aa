/* expect: racy */
/* strerror returns the library's static buffer: two threads using it race on it. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

void *t(void *a) {
    const char *msg = strerror((int)(long)a); // RACE!
    return (void *)(long)msg[0];
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, (void *)1L);
    pthread_create(&b, 0, t, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
