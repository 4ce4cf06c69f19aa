/* expect: racy */
/* a recursive helper releases, at the bottom of its recursion, the lock its caller took: the caller's update after the call is unprotected */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
int depth = 3;

static void descend(int n) {
    if (n == 0) {
        pthread_mutex_unlock(&m);
        return;
    }
    descend(n - 1);
}

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    descend(depth);
    counter++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return counter;
}
