/* expect: racy */
/* issue 35: tzset before formatting times: the environment's TZ is unset in the search (UTC), so the epoch is
   midnight in localtime; tzset sets the library's time-zone globals, which this program does not name, so the call
   runs (weft.exec.LibraryBehaviour keeps such globals unseen). Behind that answer main and a worker count without a
   lock: confirmed, and the reproducer (run with TZ=UTC) replays it. */
#include <pthread.h>
#include <time.h>

int stamps;

void *worker(void *arg) {
    stamps++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    tzset();
    time_t epoch = 0;
    struct tm *m = localtime(&epoch);
    if (m != NULL && m->tm_hour == 0 && m->tm_year == 70) stamps++; // RACE!
    pthread_join(t, NULL);
    return 0;
}
