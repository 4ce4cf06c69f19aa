/* expect: race-free */
/* a recursive helper takes the lock at the bottom of its recursion, and every path through it does: the caller's update after the call is protected */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
int depth = 3;

static void grab(int n) {
    if (n <= 0) {
        pthread_mutex_lock(&m);
        return;
    }
    grab(n - 1);
}

void *worker(void *arg) {
    grab(depth);
    counter++; // NORACE
    pthread_mutex_unlock(&m);
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
