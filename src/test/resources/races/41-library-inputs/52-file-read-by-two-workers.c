/* expect: racy */
/* issue 35: pigz's input side: main checks its argument is a regular file (lstat) and opens it; two workers read
   blocks from the descriptor and count what they read without a lock, but only for a block longer than 10 bytes whose
   content is what they expect; each writes a header to the standard output and counts that too. What open, read, write
   and lstat answer is the world's (weft.exec.WorldFiles): the search chooses the answers (a 64-byte block of one
   value), records them, and the reproducer's wrappers give them back; both counts are confirmed and replay. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

static long got;
static int headers;

static void *worker(void *arg) {
    int fd = *(int *) arg;
    char buf[64];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 10 && buf[3] == buf[9]) got += n; // RACE!
    if (write(1, "hdr\n", 4) == 4) headers++;  // RACE!
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return 1;
    struct stat st;
    if (lstat(argv[1], &st) != 0 || !S_ISREG(st.st_mode)) return 1;
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, &fd);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    close(fd);
    return got == 0;
}
