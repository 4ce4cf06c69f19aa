/* expect: race-free */
/* audit D47, the race-free twin of 70: the worker renames the service before main logs (main joins it first), so
   syslog's read of the identifier openlog kept is ordered after the write. */
#include <pthread.h>
#include <string.h>
#include <syslog.h>

char ident[16] = "server";

static void *rename_service(void *arg) {
    strcpy(ident, "worker"); // NORACE
    return arg;
}

int main(void) {
    openlog(ident, LOG_PID, LOG_DAEMON);
    pthread_t t;
    pthread_create(&t, NULL, rename_service, NULL);
    pthread_join(t, NULL);
    syslog(LOG_INFO, "started"); // NORACE
    closelog();
    return 0;
}
