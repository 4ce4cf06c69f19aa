/* expect: racy */
/* Assigning a whole struct copies its _Atomic member non-atomically: it races with atomic increments. */
#include <pthread.h>

struct stats { _Atomic(int) hits; int id; };

struct stats s;
struct stats fresh;

void *worker(void *arg) {
    (void)arg;
    s.hits++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    s = fresh; // RACE!
    pthread_join(t, NULL);
    return s.id;
}
