/* expect: racy */
/* issue 35: a worker looks up the account it will run as (getpwnam, then its group with getgrgid and root with getpwuid: the world's entries, in the library's static buffers) before setting a flag main sets unlocked; confirmed, the reproducer gives the same entries. */
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    struct passwd *pw = getpwnam("daemon");
    if (pw == NULL || strcmp(pw->pw_name, "daemon") != 0 || strcmp(pw->pw_dir, "/") != 0)
        return 0;
    unsigned gid = pw->pw_gid;
    struct group *gr = getgrgid(gid);
    struct passwd *me = getpwuid(0);
    if (gr != NULL && gr->gr_gid == gid && gr->gr_mem[0] == NULL && me != NULL && me->pw_uid == 0)
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
