/* expect: race-free */
/* issue 35: the twin of 186: main builds, trims, searches and walks the same glibc binary tree, and bumps the
   statistic only after joining the worker that bumps it too: ordered, whatever the tree gives. */
#define _GNU_SOURCE
#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>

static void *root;
static unsigned long walk_sum;
static int compares, freed;
static int stats;

static int compare(const void *a, const void *b) {
    compares++;
    return *(const int *) a - *(const int *) b;
}

static void visit(const void *node, VISIT which, int depth) {
    int key = **(int *const *) node;
    walk_sum = walk_sum * 31 + (unsigned long) (key * 7 + (int) which * 3 + depth);
}

static void drop(void *key) {
    freed += *(int *) key;
}

static void *worker(void *arg) {
    stats++; // NORACE
    return arg;
}

int main(void) {
    static int keys[] = {17, 4, 23, 9, 1, 30, 12, 6, 27, 15, 2, 20, 8, 25, 11, 3, 29, 14, 19, 5, 4, 23, 10, 28};
    static int gone[] = {9, 17, 2, 30, 13, 20, 6};
    int n = sizeof keys / sizeof keys[0], m = sizeof gone / sizeof gone[0];
    pthread_t t;
    for (int i = 0; i < n; i++) tsearch(&keys[i], &root, compare);
    for (int i = 0; i < m; i++) tdelete(&gone[i], &root, compare);
    int probe = 12;
    int found = tfind(&probe, &root, compare) != NULL;
    twalk(root, visit);
    pthread_create(&t, NULL, worker, NULL);
    printf("%lu %d %d\n", walk_sum, compares, found);
    pthread_join(t, NULL);
    if (walk_sum == 13456687492366005602UL && compares == 101 && found) stats++; // NORACE
    tdestroy(root, drop);
    printf("freed %d\n", freed);
    return 0;
}
