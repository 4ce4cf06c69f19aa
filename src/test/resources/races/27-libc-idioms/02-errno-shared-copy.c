/* expect: racy */
/* errno itself is per thread, but a global the threads copy it into is shared. */
#include <errno.h>
#include <pthread.h>

int last_error;

void *t(void *a) {
    errno = EAGAIN;
    last_error = errno; // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    last_error = 0; // RACE!
    pthread_join(a, 0);
    return last_error;
}
