/* expect: race-free */
/* issue 35: the twin of 178: the watcher sets its flag under a mutex and main reads it under the same mutex, so the
   two accesses never race whatever inotify_add_watch answers; the non-blocking instance (inotify_init1 with
   IN_NONBLOCK) answers EAGAIN when no event has come. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int watching;

static void *watcher(void *arg) {
    int fd = inotify_init1(IN_NONBLOCK);
    if (fd < 0) return arg;
    if (inotify_add_watch(fd, "/etc/weft.conf", IN_MODIFY) >= 0) {
        pthread_mutex_lock(&lock);
        watching = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    char events[4096];
    if (read(fd, events, sizeof events) < 0 && errno == EAGAIN)
        puts("no change yet");
    close(fd);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, watcher, NULL);
    pthread_mutex_lock(&lock);
    printf("watching: %d\n", watching); // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    return 0;
}
