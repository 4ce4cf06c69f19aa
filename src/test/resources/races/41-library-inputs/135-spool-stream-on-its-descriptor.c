/* expect: racy */
/* issue 35: the descriptor-relative way through a directory (weft.exec.Directories): the scanner opens the spool with
   openat, makes a stream of that descriptor with fdopendir (the stream owns it from then on: closedir closes it; a
   file that is no directory: ENOTDIR, the world's answer), and checks each entry with fstatat relative to dirfd of
   the stream. It counts the entries without a lock while main reads the count: confirmed, and the reproducer's
   wrappers give the stream and its descriptor the witness's answers. */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

static long entries;

static void *scanner(void *arg) {
    int fd = openat(AT_FDCWD, "spool", O_RDONLY | O_DIRECTORY);
    if (fd < 0) return arg;
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return arg;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, 0) == 0)
            entries++; // RACE!
    }
    closedir(d);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, scanner, 0);
    long seen = entries; // RACE!
    pthread_join(t, 0);
    return seen > 0;
}
