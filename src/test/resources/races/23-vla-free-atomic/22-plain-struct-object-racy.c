/* expect: racy */
/* The same whole-struct stores on plain struct objects race. */
#include <pthread.h>

struct pair { int lo; int hi; };

struct pair a;
struct pair b;

void *worker(void *arg) {
    struct pair v = { (int)(long)arg, 1 };
    a = v; // RACE!
    b = a; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, (void *)1L);
    pthread_create(&t2, NULL, worker, (void *)2L);
    struct pair r = b; // RACE!
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return r.lo;
}
