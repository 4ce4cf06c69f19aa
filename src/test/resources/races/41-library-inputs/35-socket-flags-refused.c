/* expect: racy */
/* issue 35: a connector that gives up when the socket's flags cannot be read (fcntl fails: the world's answer) and
   marks the host done while main polls it without the lock. The witness records socket's descriptor and fcntl's
   failure; the reproducer's wrappers return them (and close the invented descriptor for nothing), so ThreadSanitizer
   sees the race. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

int done;

void *connector(void *arg) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd == -1) return arg;
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags == -1) {
        close(fd);
        done = 1; // RACE!
        return arg;
    }
    close(fd);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, connector, 0);
    while (!done) { // RACE!
        usleep(1000);
        break;
    }
    pthread_join(t, 0);
    return 0;
}
