/* expect: racy */
/* issue 35: a spool scanner's shape, with the descriptor-relative calls of modern code (weft.exec.WorldFiles,
   weft.exec.Directories): main opens the spool directory twice, as a descriptor (openat from the current directory)
   and as a stream (opendir); the scanner thread notes where the stream stands (telldir), lists it with readdir_r
   into its own entry, checks each name with fstatat relative to the descriptor without following links, goes back
   to where it started (seekdir) and rewinds for the next scan (rewinddir). It counts the regular files without a
   lock while main reads the count: what the directory holds is the world's answer, chosen and recorded; the race is
   confirmed and the reproducer's wrappers give the same entries back for its replay. */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

static long regular;
static DIR *spool;
static int spoolfd;

static void *scanner(void *arg) {
    struct dirent entry, *e;
    long mark = telldir(spool);
    while (readdir_r(spool, &entry, &e) == 0 && e != NULL) {
        struct stat st;
        if (fstatat(spoolfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
            regular++; // RACE!
    }
    seekdir(spool, mark);
    rewinddir(spool);
    return arg;
}

int main(void) {
    spoolfd = openat(AT_FDCWD, "spool", O_RDONLY | O_DIRECTORY);
    if (spoolfd < 0) return 1;
    spool = opendir("spool");
    if (spool == NULL) return 1;
    pthread_t t;
    pthread_create(&t, 0, scanner, 0);
    long seen = regular; // RACE!
    pthread_join(t, 0);
    closedir(spool);
    close(spoolfd);
    return seen > 0;
}
