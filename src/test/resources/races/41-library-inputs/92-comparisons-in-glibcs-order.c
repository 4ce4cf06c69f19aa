/* expect: racy */
/* issue 35: the comparator is called in glibc's order (weft.exec.Sorts): each worker logs every comparison qsort_r
   makes (through the comparator's argument) and counts without a lock only when the log is the one glibc 2.36 makes:
   for nine ints (an odd split at every level) and, through pointers, for six 40-byte records. A model that compared
   in another order, or moved the elements otherwise, would not reach the count. The expected logs are glibc's, printed
   by the same comparisons in a plain C program. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct log {
    int n;
    int x[32];
};

struct record {
    int key;
    char pad[36];
};

static int counted;

static int by_int(const void *a, const void *b, void *l) {
    struct log *g = l;
    int x = *(const int *) a, y = *(const int *) b;
    if (g->n < 32) g->x[g->n++] = x * 100 + y;
    return (x > y) - (x < y);
}

static int by_key(const void *a, const void *b, void *l) {
    struct log *g = l;
    int x = ((const struct record *) a)->key, y = ((const struct record *) b)->key;
    if (g->n < 32) g->x[g->n++] = x * 100 + y;
    return (x > y) - (x < y);
}

static const int ints_log[21] = {503, 801, 301, 308, 508, 902, 406, 704, 706, 204, 904, 906, 907, 102, 302, 304, 504, 506, 806, 807, 809};
static const int records_log[10] = {106, 401, 406, 503, 203, 102, 402, 403, 405, 605};

static void *worker(void *arg) {
    int v[9] = {5, 3, 8, 1, 9, 2, 7, 4, 6};
    struct log g = {0}, h = {0};
    qsort_r(v, 9, sizeof v[0], by_int, &g);
    struct record w[6] = {{4, {0}}, {1, {0}}, {6, {0}}, {2, {0}}, {5, {0}}, {3, {0}}};
    qsort_r(w, 6, sizeof w[0], by_key, &h);
    int ok = g.n == 21 && memcmp(g.x, ints_log, sizeof ints_log) == 0 && h.n == 10 && memcmp(h.x, records_log, sizeof records_log) == 0;
    for (int i = 0; i < 9; i++) ok = ok && v[i] == i + 1;
    for (int i = 0; i < 6; i++) ok = ok && w[i].key == i + 1;
    if (ok) counted++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return counted == 2 ? 0 : 1;
}
