/* rank: possible */
/* the twin of certain-heap-once: cells of one array with indices the analysis does not know */
#include <pthread.h>
int cells[8];
int k1, k2;
static void *one(void *arg) { cells[k1 & 7] = 1; return arg; }
static void *two(void *arg) { cells[k2 & 7] = 2; return arg; }
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, one, 0);
    pthread_create(&y, 0, two, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}
