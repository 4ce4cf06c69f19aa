/* expect: racy */
/* issue 35: a scanner that tells the kernel how it will read a file it maps (weft.exec.WorldFiles): madvise with
   MADV_SEQUENTIAL or MADV_WILLNEED changes none of the mapping's bytes and answers 0 from the mapping's start, EINVAL
   from inside a page. The scanner counts a match without the lock main holds: confirmed, the reproducer's mmap
   wrapper maps the witness's bytes and the real madvise answers the same. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int matches;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *scan(void *arg) {
    int fd = open((const char *) arg, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat sb;
    if (fstat(fd, &sb) < 0 || sb.st_size < 2) {
        close(fd);
        return 0;
    }
    unsigned char *buf = mmap(NULL, sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (buf == MAP_FAILED) {
        close(fd);
        return 0;
    }
    if (madvise(buf, sb.st_size, MADV_SEQUENTIAL) == 0 && madvise(buf, sb.st_size, MADV_WILLNEED) == 0
        && madvise(buf + 1, 1, MADV_NORMAL) == -1 && errno == EINVAL && buf[0] == buf[1]) {
        matches++; // RACE!
    }
    munmap(buf, sb.st_size);
    close(fd);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, scan, "input.txt");
    pthread_mutex_lock(&lock);
    matches = 0; // RACE!
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    return matches;
}
