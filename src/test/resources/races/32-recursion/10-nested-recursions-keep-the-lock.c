/* expect: race-free */
/* the same nested recursions taking and releasing a second lock around their own update at every level: the caller's lock is still held after the walk */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t n_lock = PTHREAD_MUTEX_INITIALIZER;
int total;
int visits;
int depth = 3;

static void walk(int n);

static void helper(int n) {
    pthread_mutex_lock(&n_lock);
    visits++; // NORACE
    pthread_mutex_unlock(&n_lock);
    if (n == 0) return;
    if (n % 2) helper(n - 1);
    else walk(n - 1);
}

static void walk(int n) {
    if (n <= 0) return;
    if (n > 2) walk(n - 1);
    else helper(n);
}

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    walk(depth);
    total += 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return total + visits;
}
