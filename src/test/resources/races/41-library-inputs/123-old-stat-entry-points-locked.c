/* expect: race-free */
/* issue 35: what a program preprocessed against glibc before 2.33 calls (the CIL-merged programs of the Goblint
   benchmarks: knot's fstat is __fxstat(3, fd, buf)), and read's fortified form (_FORTIFY_SOURCE: __read_chk):
   glibc's older stat entry points with the layout's version first (weft.exec.WorldFiles: 1, x86-64's _STAT_VER) and
   __read_chk's check before read's answer (weft.exec.Fortify). The worker serves its file only when __lxstat finds it,
   __xstat says it is a regular file that is not empty, __fxstat of the open descriptor answers and __read_chk read a
   block; 122's twin: the count is kept under a lock, as main's reset is, so no answer of the world's makes a race. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

extern int __xstat(int ver, const char *path, struct stat *buf);
extern int __lxstat(int ver, const char *path, struct stat *buf);
extern int __fxstat(int ver, int fd, struct stat *buf);
extern ssize_t __read_chk(int fd, void *buf, size_t n, size_t size);

static long served;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

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
    {
        pthread_mutex_lock(&m);
        served += fs.st_size; // NORACE
        pthread_mutex_unlock(&m);
    }
    close(fd);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, "index.html");
    pthread_mutex_lock(&m);
    served = 0; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return served == 0;
}
