/* expect: racy */
/* Each thread holds a lock, but not the same one, so the accesses still race. */
#include <pthread.h>

pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
int x;

void *t_one(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m1);
    x++; // RACE!
    pthread_mutex_unlock(&m1);
    return NULL;
}

void *t_two(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m2);
    x--; // RACE!
    pthread_mutex_unlock(&m2);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, t_one, NULL);
    pthread_create(&t2, NULL, t_two, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
