/* expect: race-free */
/* errno through the glibc function behind the macro, and the macro with system headers: per thread. */
#include <errno.h>
#include <pthread.h>
#include <string.h>

void *t(void *a) {
    *__errno_location() = EINTR; // NORACE
    if (errno == EINTR) errno = 0; // NORACE
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    errno = ENOENT; // NORACE
    pthread_join(a, 0);
    pthread_join(b, 0);
    return errno; // NORACE
}
