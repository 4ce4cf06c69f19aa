/* expect: racy */
/* a worker maps the file it scans (open, fstat, mmap, munmap: issue 35) and counts a match without the lock main holds: the file's kind, size and bytes are the world's, so the explorer answers a regular file of some size whose bytes are 'a' and a mapping of it; the reproducer's mmap wrapper maps as many anonymous bytes holding them. */
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
    if (fstat(fd, &sb) < 0 || sb.st_size == 0) {
        close(fd);
        return 0;
    }
    unsigned char *buf = mmap(NULL, sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (buf == MAP_FAILED) {
        close(fd);
        return 0;
    }
    if (buf[sb.st_size - 1] == 'a')
        matches++; // RACE!
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
