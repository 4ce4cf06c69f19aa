/* expect: racy */
/* issue 35: glibc sorts elements larger than 32 bytes through pointers, then moves them into place along cycles
   (weft.exec.Sorts): each worker sorts its 48-byte records by key with qsort_r (the comparator's argument says which
   way), checks the order and each record's payload, and counts without a lock. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct record {
    int key;
    char name[40];
    int weight;
};

static long seen;

static int by_key(const void *a, const void *b, void *dir) {
    int x = ((const struct record *) a)->key, y = ((const struct record *) b)->key;
    return *(int *) dir * ((x > y) - (x < y));
}

static void *worker(void *arg) {
    struct record r[5];
    int keys[5] = {30, 10, 50, 20, 40};
    for (int i = 0; i < 5; i++) {
        r[i].key = keys[i];
        memset(r[i].name, 'a' + i, sizeof r[i].name);
        r[i].weight = keys[i] * 2;
    }
    int descending = -1;
    qsort_r(r, 5, sizeof r[0], by_key, &descending);
    if (r[0].key == 50 && r[0].name[0] == 'c' && r[4].key == 10 && r[4].weight == 20 && r[2].name[39] == 'a') seen++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return seen == 2 ? 0 : 1;
}
