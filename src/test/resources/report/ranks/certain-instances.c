/* rank: certain */
/* every instance of a worker created in a loop increments a global without a lock */
#include <pthread.h>
int counter;
static void *worker(void *arg) { counter = counter + 1; return arg; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
