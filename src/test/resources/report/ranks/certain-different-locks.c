/* rank: certain */
/* two threads hold two different locks: no lock possibly in common */
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int total;
static void *one(void *arg) { pthread_mutex_lock(&a); total = 1; pthread_mutex_unlock(&a); return arg; }
static void *two(void *arg) { pthread_mutex_lock(&b); total = 2; pthread_mutex_unlock(&b); return arg; }
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, one, 0);
    pthread_create(&y, 0, two, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return total;
}
