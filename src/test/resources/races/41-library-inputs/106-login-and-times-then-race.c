/* expect: racy */
/* issue 35: a worker that stamps its report with the login name and the process's CPU time (times, getlogin,
   getlogin_r: the world's answers, recorded: the user "weft", some ticks; a buffer too small for the name ERANGE) and
   counts its reports beside main without a lock. The reproducer's wrappers give the same answers. */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/times.h>
#include <unistd.h>

int reports;

void *reporter(void *arg) {
    struct tms cpu;
    char user[32], tiny[2];
    clock_t now = times(&cpu);
    if (now == (clock_t)-1 || getlogin_r(user, sizeof user) != 0) return arg;
    char *again = getlogin();
    if (again != NULL && strcmp(again, user) == 0 && getlogin_r(tiny, sizeof tiny) == ERANGE && cpu.tms_cutime == 0) {
        reports++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reporter, NULL);
    reports = 0; // RACE!
    pthread_join(t, NULL);
    return 0;
}
