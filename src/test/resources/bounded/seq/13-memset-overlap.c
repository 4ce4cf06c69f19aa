/* expect: racy */
/* The worker clears bytes 0-7 of buf with memset while main writes byte 6. */
#include <pthread.h>
#include <string.h>
char buf[16];
void *worker(void *arg) {
    memset(buf, 0, 8); // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    buf[6] = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
