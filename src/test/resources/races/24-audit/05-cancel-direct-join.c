/* expect: race-free */
/* Cancelling a thread does not weaken a direct join: whatever the cancelled thread did happens before. */
#include <pthread.h>
#include <unistd.h>

int data;

void *child(void *arg) {
    (void)arg;
    data = 1; // NORACE
    sleep(1);
    data = 3; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, child, NULL);
    pthread_cancel(t);
    pthread_join(t, NULL);
    data = 2; // NORACE
    return 0;
}
