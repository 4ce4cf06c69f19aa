/* expect: racy */
/* dirname and basename (libgen.h's: __xpg_basename) as glibc computes them (issue 35: weft.exec.PathParts): trailing slashes cut in place, "/" and "//" kept, "." for a path without a directory part; the count is written only when every result is glibc's, and basename cuts the trailing slash of the spool path the worker reads. */
#include <pthread.h>
#include <string.h>
#include <libgen.h>
static int shared;
static char spool[32] = "/var/spool/";

static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return (void *) (long) spool[10]; // RACE!
}
static int ok(void) {
    char a[] = "a/b/", b[] = "/", c[] = "///", d[] = "//usr", e[] = "/usr/lib", f[] = "a//", g[] = "plain", h[] = "x/y";
    char i[] = "a/b/", j[] = "///", k[] = "", l[] = "/usr/lib/";
    return strcmp(dirname(a), "a") == 0 && strcmp(dirname(b), "/") == 0 && strcmp(dirname(c), "/") == 0
        && strcmp(dirname(d), "//") == 0 && strcmp(dirname(e), "/usr") == 0 && strcmp(dirname(f), ".") == 0
        && strcmp(dirname(g), ".") == 0 && strcmp(basename(h), "y") == 0 && strcmp(basename(i), "b") == 0 && i[3] == 0
        && strcmp(basename(j), "/") == 0 && strcmp(basename(k), ".") == 0 && strcmp(basename(l), "lib") == 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (ok())
        shared = 2; // RACE!
    char *last = basename(spool); // RACE!
    pthread_join(t, 0);
    return last[0] == 's';
}
