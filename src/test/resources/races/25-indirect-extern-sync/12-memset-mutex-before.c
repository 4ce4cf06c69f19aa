/* expect: race-free */
/* main clears the mutex with memset before it creates the workers that lock it. */
#include <pthread.h>
#include <string.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m); // NORACE
    g++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    memset(&m, 0, sizeof m); // NORACE
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
