/* expect: race-free */
/* two mutually recursive functions that lock and unlock around their own update: the caller's lock is held again after the walk */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;
int total;
int steps;
int depth = 4;

static void odd(int k);

static void even(int k) {
    pthread_mutex_lock(&n);
    steps++; // NORACE
    pthread_mutex_unlock(&n);
    if (k > 0) odd(k - 1);
}

static void odd(int k) {
    if (k == 0) return;
    even(k - 1);
}

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    even(depth);
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
    return total + steps;
}
