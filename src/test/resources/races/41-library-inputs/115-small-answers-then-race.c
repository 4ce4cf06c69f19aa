/* expect: racy */
/* issue 35: small answers a server gathers at start: the monotonic clock's resolution (1 ns), the order alphasort and
   versionsort give two directory entries ("a2" after "a10" by bytes, before it by version), posix_fadvise of a file
   it opened (0; an unknown advice EINVAL), the pending error of a socket (SO_ERROR 0), a fork handler registered.
   Behind them main counts beside a worker without a lock (weft.exec.SmallAnswers); the reproducer gives the same
   answers for the descriptors its witness invented. */
#define _GNU_SOURCE
#include <pthread.h>
#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <errno.h>
int n;
static void at_prepare(void) {}
void *w(void *a) {
    n++; // RACE!
    return a;
}
int main(void) {
    pthread_t t; pthread_create(&t, 0, w, 0);
    struct timespec r; int ok = clock_getres(CLOCK_MONOTONIC, &r) == 0 && r.tv_sec == 0 && r.tv_nsec == 1;
    struct dirent *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
    strcpy(x->d_name, "a2"); strcpy(y->d_name, "a10");
    const struct dirent *px = x, *py = y;
    ok = ok && alphasort(&px, &py) > 0 && versionsort(&px, &py) < 0;
    int f = open("/srv/data", O_RDONLY);
    ok = ok && (f < 0 || (posix_fadvise(f, 0, 0, POSIX_FADV_SEQUENTIAL) == 0 && posix_fadvise(f, 0, 0, 99) == EINVAL));
    int s = socket(AF_INET, SOCK_STREAM, 0), err = -1; socklen_t len = sizeof err;
    ok = ok && (s < 0 || (getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0 && len == 4));
    ok = ok && pthread_atfork(at_prepare, NULL, NULL) == 0;
    if (ok) n++; // RACE!
    pthread_join(t, 0);
    return 0;
}
