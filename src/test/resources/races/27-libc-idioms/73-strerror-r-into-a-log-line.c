/* expect: racy */
/* issue 35: a worker formats an error into its own buffer with the XSI strerror_r (what <string.h> names without _GNU_SOURCE: the text copied and cut to the buffer, ERANGE when cut) before setting a flag main sets unlocked; the explorer computes the text as glibc gives it and confirms the race. */
#include <errno.h>
#include <pthread.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    char msg[64], shortmsg[8];
    int r = strerror_r(ENOENT, msg, sizeof msg);
    int cut = strerror_r(ENOENT, shortmsg, sizeof shortmsg);
    if (r == 0 && strcmp(msg, "No such file or directory") == 0 && cut == ERANGE && strcmp(shortmsg, "No such") == 0)
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
