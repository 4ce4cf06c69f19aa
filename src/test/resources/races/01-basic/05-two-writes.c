/* expect: racy */
/* Two different threads write the same global without synchronisation (write/write race). */
#include <pthread.h>

int x;

void *set_one(void *arg) {
    (void)arg;
    x = 1; // RACE!
    return NULL;
}

void *set_two(void *arg) {
    (void)arg;
    x = 2; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, set_one, NULL);
    pthread_create(&t2, NULL, set_two, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
