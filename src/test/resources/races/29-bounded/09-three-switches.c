/* expect: racy */
/* The race on g needs three context switches: main creates, the worker sets x, main sees x and sets y, the worker
 * sees y; only then are both about to write g. */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y, g;
void *worker(void *arg) {
    pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m); int r = y; pthread_mutex_unlock(&m);
    if (r) g = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m); int s = x; pthread_mutex_unlock(&m);
    if (s) {
        pthread_mutex_lock(&m); y = 1; pthread_mutex_unlock(&m);
        g = 2; // RACE!
    }
    return 0;
}
