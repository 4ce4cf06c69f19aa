/* expect: racy */
/* The worker writes bytes 2-3 of a through a short pointer, main the int at bytes 0-3. */
#include <pthread.h>
long long a;
void *worker(void *arg) {
    ((short *)&a)[1] = 5; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    *(int *)&a = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
