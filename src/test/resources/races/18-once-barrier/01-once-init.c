/* expect: race-free */
/* pthread_once runs the initialiser exactly once and every caller returns only after it completed. */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int table[4];

static void init(void) {
    for (int i = 0; i < 4; i++)
        table[i] = i * i; // NORACE
}

void *worker(void *arg) {
    (void)arg;
    pthread_once(&once, init);
    return table[3] == 9 ? NULL : arg; // NORACE
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
