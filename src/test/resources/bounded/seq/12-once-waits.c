/* expect: race-free */
/* Two workers call pthread_once: the second waits until the initialiser has finished, then reads the table. */
#include <pthread.h>
pthread_once_t once = PTHREAD_ONCE_INIT;
int table;
void init(void) { table = 42; } // NORACE
void *worker(void *arg) {
    pthread_once(&once, init);
    int v = table; // NORACE
    return (void *)(long)v;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
