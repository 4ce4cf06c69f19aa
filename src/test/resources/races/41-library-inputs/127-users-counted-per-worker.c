/* expect: race-free */
/* issue 35: the thread-safe lookups a multi-threaded server uses to check who a request runs as (weft.exec.Accounts):
   getpwnam_r and getgrgid_r fill the caller's struct and buffer, and *result says whether the database had the
   entry, the world's answer. 126's twin: each worker looks its user up in buffers of its own and counts in a slot
   of its own, which main adds up after joining both: whatever the database answers, nothing races. */
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <string.h>

static int known[2];

static void *worker(void *arg) {
    int self = (int) (long) arg;
    const char *user = self ? "mail" : "www";
    struct passwd pw, *p;
    struct group gr, *g;
    char buf[1024], gbuf[1024];
    if (getpwnam_r(user, &pw, buf, sizeof buf, &p) != 0 || p == NULL) return 0;
    if (getgrgid_r(pw.pw_gid, &gr, gbuf, sizeof gbuf, &g) != 0 || g == NULL) return 0;
    if (strcmp(p->pw_name, user) == 0 && g->gr_mem[0] == NULL)
        known[self]++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, (void *) i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return known[0] + known[1];
}
