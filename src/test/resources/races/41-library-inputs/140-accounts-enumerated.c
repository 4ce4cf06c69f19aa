/* expect: racy */
/* issue 35: an account lister (weft.exec.Accounts): getpwent and getgrent enumerate the user and group databases,
   the world's (each call the next entry or the end, chosen and recorded); setpwent and setgrent rewind, endpwent and
   endgrent close them. The lister counts the entries without a lock while main resets the count: confirmed, and the
   reproducer's wrappers give the same entries back. */
#include <grp.h>
#include <pthread.h>
#include <pwd.h>

static int accounts;

static void *lister(void *arg) {
    setpwent();
    struct passwd *p;
    while ((p = getpwent()) != NULL) {
        if (p->pw_name[0] == '\0') continue;
        accounts++; // RACE!
    }
    endpwent();
    setgrent();
    struct group *g;
    while ((g = getgrent()) != NULL) {
        if (g->gr_mem == NULL) continue;
        accounts++; // RACE!
    }
    endgrent();
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, lister, 0);
    accounts = 0; // RACE!
    pthread_join(t, 0);
    return 0;
}
