/* A report of many races: the text report leads with where they are and shows the best-ranked ones in detail. */
#include <pthread.h>

int a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15;
struct stats { int hits, misses, bytes, errors; } st[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    int k = *(int *)arg;
    a0++; a1++; a2++; a3++; a4++; a5++; a6++; a7++; a8++; a9++; a10++; a11++;
    a12++; a13++; a14++; a15++;
    st[k].hits++;
    st[k].misses++;
    st[k].bytes += 10;
    st[k].errors++;
    return 0;
}

int main(void) {
    pthread_t t[2];
    int ids[2] = {0, 1};
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, &ids[i]);
    pthread_mutex_lock(&m);
    a0 = a1 = a2 = a3 = 0;
    pthread_mutex_unlock(&m);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
