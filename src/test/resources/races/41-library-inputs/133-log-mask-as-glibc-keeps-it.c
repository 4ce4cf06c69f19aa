/* expect: racy */
/* issue 35: a daemon's log level (weft.exec.SmallAnswers): setlogmask answers the mask before, which glibc keeps
   (all eight priorities at first; a mask of 0 asks without changing it). main lowers the level to errors and back,
   checking each answer against glibc's (printed by this program built with gcc), and only then marks the level
   changed, without a lock, while the worker logs and marks it too: confirmed, and replayed. */
#include <pthread.h>
#include <syslog.h>

static int changed;

static void *worker(void *arg) {
    syslog(LOG_INFO, "worker up");
    changed = 0; // RACE!
    return arg;
}

int main(void) {
    int all = setlogmask(LOG_UPTO(LOG_ERR));
    int errors = setlogmask(0);
    int again = setlogmask(LOG_MASK(LOG_INFO));
    int info = setlogmask(0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int glibc = all == 0xff && errors == 0xf && again == 0xf && info == 0x40;
    if (glibc) changed = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
