/* expect: race-free */
/* the race-free side of 55: the callback counts under a lock the worker takes too; a proof stops at the walk (its entries are the world's), the thread-modular layer excludes the pair by the lock, and the callback's parameters are library memory of the call. */
#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

static int files;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int count(const char *path, const struct stat *sb, int flag) {
    (void) path;
    if (flag == FTW_F && S_ISREG(sb->st_mode)) {
        pthread_mutex_lock(&m);
        files++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return 0;
}

static void *report(void *arg) {
    (void) arg;
    pthread_mutex_lock(&m);
    long n = files; // NORACE
    pthread_mutex_unlock(&m);
    return (void *) n;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, report, 0);
    int code = ftw(".", count, 8);
    pthread_join(t, 0);
    return code;
}
