/* ranks, deduplication and grouping: a confirmed race, certain ones, possible ones, merged contexts */
#include <pthread.h>
#include <stdlib.h>

struct stats { int hits; int misses; };

int counter;          /* bumped by every worker instance, from two call sites */
int flag;             /* written by main after creating the reader, read by it */
int a, b;             /* a pointer that may denote either */
struct stats *st;     /* one heap block */
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void bump(void) {
    counter++;
}

static void *worker(void *arg) {
    int *p = ((long) arg & 1) ? &a : &b;
    bump();
    bump();
    *p = 1;
    pthread_mutex_lock(&m);
    st->hits++;
    pthread_mutex_unlock(&m);
    return arg;
}

static void *reader(void *arg) {
    int f = flag;
    st->misses++;
    return f ? arg : 0;
}

int main(void) {
    pthread_t t[3], r;
    st = malloc(sizeof *st);
    st->hits = 0;
    st->misses = 0;
    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, worker, (void *) (long) i);
    pthread_create(&r, 0, reader, 0);
    flag = 1;
    st->misses = 5;
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    pthread_join(r, 0);
    return st->hits;
}
