/* rank: possible */
/* the twin of certain-instances: the lock is held on one path only (a may-lock both sides share) */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
static void *worker(void *arg) {
    if (arg) pthread_mutex_lock(&m);
    counter = counter + 1;
    if (arg) pthread_mutex_unlock(&m);
    return arg;
}
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, (void *) (long) i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
