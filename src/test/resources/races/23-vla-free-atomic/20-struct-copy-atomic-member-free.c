/* expect: race-free */
/* The struct is copied before the thread starts; afterwards only its _Atomic member is touched. */
#include <pthread.h>

struct stats { _Atomic int hits; int id; };

struct stats s;
struct stats fresh = { 0, 7 };

void *worker(void *arg) {
    (void)arg;
    s.hits++; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    s = fresh; // NORACE
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    s.hits += 2; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return s.id + s.hits;
}
