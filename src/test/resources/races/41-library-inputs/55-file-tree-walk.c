/* expect: racy */
/* issue 35: pfscan's producer: main walks a directory with ftw, whose callback counts the regular files and their bytes without a lock while a worker already reads the count; the walk's entries are the world's (weft.exec.Walks: a regular file 'DIR/fN' of a chosen size, then the end), recorded, and the reproducer's ftw wrapper hands the callback the same entries, so the race is confirmed and replays. */
#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

static int files;
static long bytes;

static int count(const char *path, const struct stat *sb, int flag) {
    if (flag == FTW_F && S_ISREG(sb->st_mode) && path[0] == '.') {
        files++; // RACE!
        bytes += sb->st_size;
    }
    return 0;
}

static void *report(void *arg) {
    (void) arg;
    return (void *) (long) files; // RACE!
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, report, 0);
    int code = ftw(".", count, 8);
    pthread_join(t, 0);
    return code == 0 ? files : 1;
}
