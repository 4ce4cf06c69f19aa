/* expect: race-free */
/* As 13, but the memset covers bytes 0-3 only. */
#include <pthread.h>
#include <string.h>
char buf[16];
void *worker(void *arg) {
    memset(buf, 0, 4); // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    buf[6] = 1; // NORACE
    pthread_join(t, 0);
    return 0;
}
