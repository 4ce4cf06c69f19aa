/* expect: race-free */
/* The function reached through a function-pointer field takes the mutex itself before touching the global. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

static void locked_bump(void) {
    pthread_mutex_lock(&m);
    g++; // NORACE
    pthread_mutex_unlock(&m);
}

struct ops {
    void (*bump)(void);
};

struct ops table = { locked_bump };

void *worker(void *arg) {
    struct ops *o = arg;
    o->bump(); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &table);
    pthread_create(&t2, NULL, worker, &table);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return g; // NORACE
}
