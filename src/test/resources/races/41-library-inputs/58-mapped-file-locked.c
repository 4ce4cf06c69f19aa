/* expect: race-free */
/* the race-free side of 57: the worker counts its match holding the lock main holds; the thread-modular layer proves it (the exploration stops at the world's files). */
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
        { pthread_mutex_lock(&lock); matches++; pthread_mutex_unlock(&lock); } // NORACE
    munmap(buf, sb.st_size);
    close(fd);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, scan, "input.txt");
    pthread_mutex_lock(&lock);
    matches = 0; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    return matches;
}
