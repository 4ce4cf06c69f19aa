/* expect: racy */
/* issue 35: what a program preprocessed against glibc before 2.33 calls (the CIL-merged programs of the Goblint
   benchmarks: knot's fstat is __fxstat(3, fd, buf)), and read's fortified form (_FORTIFY_SOURCE: __read_chk):
   glibc's older stat entry points with the layout's version first (weft.exec.WorldFiles: 1, x86-64's _STAT_VER) and
   __read_chk's check before read's answer (weft.exec.Fortify). The worker serves its file only when __lxstat finds it,
   __xstat says it is a regular file that is not empty, __fxstat of the open descriptor answers and __read_chk read a
   block; it counts the bytes without a lock while main resets the count: the world's answers are chosen and
   recorded, the race confirmed, and the reproducer's wrappers give the answers back for its replay. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

extern int __xstat(int ver, const char *path, struct stat *buf);
extern int __lxstat(int ver, const char *path, struct stat *buf);
extern int __fxstat(int ver, int fd, struct stat *buf);
extern ssize_t __read_chk(int fd, void *buf, size_t n, size_t size);

static long served;

static void *worker(void *arg) {
    const char *path = arg;
    struct stat st;
    if (__lxstat(1, path, &st) != 0) return 0;
    if (__xstat(1, path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    struct stat fs;
    char buf[32];
    if (__fxstat(1, fd, &fs) == 0 && __read_chk(fd, buf, sizeof buf, sizeof buf) > 0)
        served += fs.st_size; // RACE!
    close(fd);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, "index.html");
    served = 0; // RACE!
    pthread_join(t, 0);
    return served == 0;
}
