/* Unknown: `publish` is a library function Weft has no code or model for. It receives the address of
 * `level` while the worker may be writing it, so it may race; the explorer cannot run it to confirm. */
#include <pthread.h>

extern void publish(int *value);

int level;

void *worker(void *arg) {
    (void)arg;
    level = 1;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    publish(&level);
    pthread_join(t, 0);
    return 0;
}
