/* expect: racy */
/* issue 35: a server resolving its document root: realpath's world has no symbolic links and "/" for its working
   directory, so a path that exists is its canonical form ("." and ".." and repeated slashes resolved; a relative one
   under "/"; a null buffer gives a new heap block), and readlink of a path that is no link fails. Behind those
   answers (recorded; the reproducer's wrappers compute the same) main counts beside a worker without a lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
int found;
void *w(void *a) {
    found++; // RACE!
    return a;
}
int main(void) {
    pthread_t t; pthread_create(&t, 0, w, 0);
    char buf[PATH_MAX], link[64];
    char *r = realpath("/srv//www/./a/../index.html", buf);
    char *h = realpath("data/x", NULL);
    if (r == buf && strcmp(buf, "/srv/www/index.html") == 0 && h && strcmp(h, "/data/x") == 0 && readlink("/srv/www", link, sizeof link) == -1) found++; // RACE!
    free(h);
    pthread_join(t, 0);
    return 0;
}
