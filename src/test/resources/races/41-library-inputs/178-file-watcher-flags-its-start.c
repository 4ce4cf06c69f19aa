/* expect: racy */
/* issue 35: a configuration watcher (inotify) sets a flag once its watch is in place, without a lock, then waits for
   changes in read; main reads the flag while it runs. The world answers inotify_add_watch (a watch descriptor or
   ENOENT) and no watched file changes, so the watcher's read blocks: the race on the flag is confirmed, and the
   reproducer gives inotify_init and inotify_add_watch the witness's answers. */
#include <pthread.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <unistd.h>

static int watching;

static void *watcher(void *arg) {
    int fd = inotify_init();
    if (fd < 0) return arg;
    if (inotify_add_watch(fd, "/etc/weft.conf", IN_MODIFY | IN_CLOSE_WRITE) < 0) {
        close(fd);
        return arg;
    }
    watching = 1; // RACE!
    char events[4096];
    while (read(fd, events, sizeof events) > 0)
        puts("configuration changed");
    close(fd);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, watcher, NULL);
    sleep(1);
    printf("watching: %d\n", watching); // RACE!
    return 0;
}
