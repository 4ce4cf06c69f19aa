/* expect: racy */
/* main clears the mutex with memset while two workers lock it: a plain write racing with the lock operations. */
#include <pthread.h>
#include <string.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m); // RACE!
    g++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    memset(&m, 0, sizeof m); // RACE!
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
