/* expect: racy */
/* issue 35: a worker asks the system's names (gethostname, uname, getcwd: the world's answers, recorded in the witness and given back by the reproducer's wrappers) and sets a flag main sets unlocked when they look as a Linux system's do: confirmed. */
#include <pthread.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    char host[64], dir[256];
    struct utsname u;
    if (gethostname(host, sizeof host) != 0 || uname(&u) != 0 || getcwd(dir, sizeof dir) == NULL)
        return 0;
    if (strcmp(u.sysname, "Linux") == 0 && dir[0] == '/' && host[0] != 0 && strcmp(u.nodename, host) == 0)
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
