/* expect: racy */
/* two mutually recursive functions, one of which releases the lock at odd depths: after the walk the lock may be free */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
int depth = 3;

static void odd(int n);

static void even(int n) {
    if (n > 0) odd(n - 1);
}

static void odd(int n) {
    if (n == 0) {
        pthread_mutex_unlock(&m);
        return;
    }
    even(n - 1);
}

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    even(depth);
    total += 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return total;
}
