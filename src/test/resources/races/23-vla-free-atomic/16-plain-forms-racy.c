/* expect: racy */
/* The same increments on plain members, typedefs and arrays race. */
#include <pthread.h>

typedef int pi;
struct counters { int a; long b; };

struct counters c;
pi x;
int arr[4];

void *worker(void *arg) {
    (void)arg;
    c.a++; // RACE!
    c.b += 2; // RACE!
    x++; // RACE!
    arr[2]++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return c.a + x + arr[2];
}
