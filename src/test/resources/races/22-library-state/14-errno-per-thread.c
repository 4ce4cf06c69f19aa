/* expect: race-free */
/* errno is per thread (__errno_location returns a thread-local object): both threads write their own. */
#include <errno.h>
#include <pthread.h>

void *t(void *a) {
    errno = 0; // NORACE
    return (void *)(long)errno; // NORACE
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    errno = 5; // NORACE
    pthread_join(a, 0);
    return errno;
}
