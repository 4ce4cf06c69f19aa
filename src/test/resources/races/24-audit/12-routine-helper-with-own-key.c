/* expect: race-free */
/* twin of 11: instance 0 calls a helper, not the routine, so every activation of the routine is the one its thread
   starts with and each instance updates only its own element */
#include <pthread.h>

int data[4];
int extra;

static void more(void) {
    extra++;
}

void *worker(void *arg) {
    long id = (long)arg;
    data[id]++; // NORACE
    if (id == 0) more();
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
