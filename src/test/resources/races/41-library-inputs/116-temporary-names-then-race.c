/* expect: racy */
/* issue 35: temporary files and directories: mkstemp and mkdtemp replace the template's six X's with letters the
   world chooses (recorded: the reproducer writes the same letters, makes no file, and its descriptor is one the
   witness invented); a template without them is refused (EINVAL). Behind those answers main counts beside a worker
   without a lock (weft.exec.WorldFiles). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <errno.h>
int made;
void *w(void *a) {
    made++; // RACE!
    return a;
}
int main(void) {
    pthread_t t; pthread_create(&t, 0, w, 0);
    char path[] = "/tmp/weftXXXXXX", dir[] = "/tmp/dXXXXXX", bad[] = "/tmp/noX";
    int fd = mkstemp(path);
    char *d = mkdtemp(dir);
    int refused = mkstemp(bad) == -1 && errno == EINVAL;
    if (fd >= 0 && strncmp(path, "/tmp/weft", 9) == 0 && strchr(path, 'X') == NULL && d == dir && refused) made++; // RACE!
    pthread_join(t, 0);
    return 0;
}
