/* expect: racy */
/* issue 35: a worker looks for its configuration files with glob (weft.exec.Directories#glob): a pattern with a
   wildcard matches one file of the world's or none, and glibc writes the glob_t as it does on Linux (GLOB_MAGCHAR in
   gl_flags, gl_offs 0; GLOB_NOCHECK gives the pattern back when nothing matches). A worker that found exactly the
   file "/etc/weft/f.conf" counts it without a lock while main reads the count: confirmed, and the reproducer's glob
   wrapper gives the same answer. */
#include <glob.h>
#include <pthread.h>
#include <string.h>

static int configs;

static void *worker(void *arg) {
    glob_t g;
    if (glob("/etc/weft/missing", GLOB_NOCHECK, NULL, &g) != 0 || g.gl_pathc != 1 || (g.gl_flags & GLOB_MAGCHAR) != 0) return arg;
    globfree(&g);
    if (glob("/etc/weft/*.conf", GLOB_MARK, NULL, &g) == 0 && (g.gl_flags & GLOB_MAGCHAR) != 0
        && strcmp(g.gl_pathv[0], "/etc/weft/f.conf") == 0 && g.gl_pathv[1] == NULL) {
        configs++; // RACE!
    }
    globfree(&g);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = configs; // RACE!
    pthread_join(t, NULL);
    return seen;
}
