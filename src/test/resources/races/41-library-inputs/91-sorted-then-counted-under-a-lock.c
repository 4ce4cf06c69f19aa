/* expect: race-free */
/* issue 35, the race-free twin of 88: the comparator counts its calls in a per-call local only, and the workers add
   the median to the total under a lock. */
#include <pthread.h>
#include <stdlib.h>

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static int by_value(const void *a, const void *b) {
    int x = *(const int *) a, y = *(const int *) b;
    return (x > y) - (x < y);
}

static void *worker(void *arg) {
    int scores[7] = {42, 7, 19, 7, 88, -3, 15};
    qsort(scores, 7, sizeof scores[0], by_value);
    pthread_mutex_lock(&total_lock);
    if (scores[0] == -3 && scores[6] == 88) total += scores[3]; // NORACE
    pthread_mutex_unlock(&total_lock);
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return total == 30 ? 0 : 1;
}
