/* expect: racy */
/* a recursion inside a recursion (walk calls itself and a helper that calls itself and walk back): the innermost one releases the caller's lock at its bottom, which both recursions must carry out to the caller */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
int depth = 3;

static void walk(int n);

static void helper(int n) {
    if (n == 0) {
        pthread_mutex_unlock(&m);
        return;
    }
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
