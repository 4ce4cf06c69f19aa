/* expect: racy */
/* issue 35: qsort calls the program's comparator as glibc's merge sort does (weft.exec.Sorts): each worker sorts its
   own scores, and only when the sort put them in order (the lowest first, the highest last) adds the median to a
   total without a lock. The explorer runs glibc's algorithm, the comparator's calls and the element moves included,
   so the total is reached and the race confirmed; the reproducer runs glibc's own qsort. */
#include <pthread.h>
#include <stdlib.h>

static long total;

static int by_value(const void *a, const void *b) {
    int x = *(const int *) a, y = *(const int *) b;
    return (x > y) - (x < y);
}

static void *worker(void *arg) {
    int scores[7] = {42, 7, 19, 7, 88, -3, 15};
    qsort(scores, 7, sizeof scores[0], by_value);
    if (scores[0] == -3 && scores[1] == 7 && scores[3] == 15 && scores[6] == 88) total += scores[3]; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return total == 30 ? 0 : 1;
}
