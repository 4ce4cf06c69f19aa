/* expect: racy */
/* a recursive helper that takes the lock at one depth only: a call that stops before it returns without the lock */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
int depth;

static int grab(int n) {
    if (n == 0) return 0;
    if (n == 1) {
        pthread_mutex_lock(&m);
        return 1;
    }
    return grab(n - 1);
}

void *worker(void *arg) {
    int locked = grab(depth);
    counter++; // RACE!
    if (locked) pthread_mutex_unlock(&m);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    depth = argc - 1;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return counter;
}
