/* expect: race-free */
/* issue 35, the twin of 75: the worker looks up its account (getpwnam, getgrnam: the world's answers, where the exploration stops) and sets the flag under the mutex main holds for its write; the thread-modular layer proves it. */
#include <grp.h>
#include <pthread.h>
#include <pwd.h>

static int flag;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    struct passwd *pw = getpwnam("daemon");
    struct group *gr = pw != NULL ? getgrnam("daemon") : NULL;
    if (gr != NULL) {
        pthread_mutex_lock(&lock);
        flag = (int) gr->gr_gid; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&lock);
    flag = 2; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    return 0;
}
