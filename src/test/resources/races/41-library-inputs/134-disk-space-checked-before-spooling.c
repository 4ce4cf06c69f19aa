/* expect: racy */
/* issue 35: a spooler checks for room before it writes (weft.exec.FileSystems): statvfs of the spool's path and
   fstatfs of its open descriptor answer the file system's numbers, the world's (the counts of blocks, free blocks,
   blocks free to the program, files and free files, each within the one before, chosen and recorded). With enough
   room the worker counts a spooled job without a lock while main resets the count: confirmed, and the reproducer's
   wrappers fill the same numbers for its replay. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

static long spooled;

static void *spooler(void *arg) {
    struct statvfs v;
    struct statfs f;
    int fd = open("/var/spool/weft", O_RDONLY);
    if (fd < 0) return arg;
    if (statvfs("/var/spool/weft", &v) == 0 && v.f_bavail * v.f_frsize > 1 << 20 && fstatfs(fd, &f) == 0 && f.f_ffree > 0)
        spooled++; // RACE!
    close(fd);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, spooler, 0);
    spooled = 0; // RACE!
    pthread_join(t, 0);
    return 0;
}
