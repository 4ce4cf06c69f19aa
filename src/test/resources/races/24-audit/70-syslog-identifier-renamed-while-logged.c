/* expect: racy */
/* weft: imprecise: the explorer does not run openlog and syslog (no execution model), so the race is not confirmed */
/* audit D47: openlog keeps the identifier it is given (glibc's LogTag) and every later syslog reads it as it formats
   its message. A worker renames the service in the identifier's array while main logs: the worker's write races with
   syslog's read. The table once said syslog read only its format and arguments: race-free (a wrong true). */
#include <pthread.h>
#include <string.h>
#include <syslog.h>

char ident[16] = "server";

static void *rename_service(void *arg) {
    strcpy(ident, "worker"); // RACE!
    return arg;
}

int main(void) {
    openlog(ident, LOG_PID, LOG_DAEMON);
    pthread_t t;
    pthread_create(&t, NULL, rename_service, NULL);
    syslog(LOG_INFO, "started"); // RACE!
    pthread_join(t, NULL);
    closelog();
    return 0;
}
