/* expect: race-free */
/* issue 35, the twin of 65: the flag is set under the mutex main holds for its write, whatever names the system gives. */
#include <pthread.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static int flag;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    char host[64], dir[256];
    struct utsname u;
    if (gethostname(host, sizeof host) != 0 || uname(&u) != 0 || getcwd(dir, sizeof dir) == NULL)
        return 0;
    if (strcmp(u.sysname, "Linux") == 0 && dir[0] == '/') {
        pthread_mutex_lock(&m);
        flag = 1; // NORACE
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    flag = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
