/* expect: racy */
/* issue 35: the thread-safe lookups a multi-threaded server uses to check who a request runs as (weft.exec.Accounts):
   getpwnam_r and getgrgid_r fill the caller's struct and buffer, and *result says whether the database had the
   entry, the world's answer (chosen and recorded; the reproducer's wrappers build the same entries). Each worker
   looks up its user and the user's group in buffers of its own, which is safe; but it counts the users it found
   without a lock: two workers that both find theirs race on the count, confirmed and replayed. */
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <string.h>

static int known;

static void *worker(void *arg) {
    const char *user = arg;
    struct passwd pw, *p;
    struct group gr, *g;
    char buf[1024], gbuf[1024];
    if (getpwnam_r(user, &pw, buf, sizeof buf, &p) != 0 || p == NULL) return 0;
    if (getgrgid_r(pw.pw_gid, &gr, gbuf, sizeof gbuf, &g) != 0 || g == NULL) return 0;
    if (strcmp(p->pw_name, user) == 0 && g->gr_mem[0] == NULL)
        known++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, worker, "www");
    pthread_create(&t[1], 0, worker, "mail");
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return known;
}
