/* expect: race-free */
/* strerror_r writes the caller's buffer (each thread its own). */
#include <pthread.h>
#include <string.h>

void *t(void *a) {
    char buf[64];
    strerror_r((int)(long)a, buf, sizeof buf); // NORACE
    return (void *)(long)buf[0];
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, (void *)1L);
    pthread_create(&b, 0, t, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
