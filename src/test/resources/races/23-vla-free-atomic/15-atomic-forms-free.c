/* expect: race-free */
/* _Atomic(T) and _Atomic T mean the same: members, typedefs, arrays and pointees are atomic objects. */
#include <pthread.h>

typedef _Atomic(int) ai;
typedef _Atomic int aj;
struct counters { _Atomic(int) a; _Atomic long b; };

struct counters c;
ai x;
aj y;
_Atomic(int) arr1[4];
_Atomic int arr2[4];
_Atomic int target;
_Atomic int *pa = &target;
_Atomic(int) *pb = &target;

void *worker(void *arg) {
    (void)arg;
    c.a++; // NORACE
    c.b += 2; // NORACE
    x++; // NORACE
    y++; // NORACE
    arr1[2]++; // NORACE
    arr2[3] += 1; // NORACE
    (*pa)++; // NORACE
    *pb += 1; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return c.a + x + y + arr1[2] + arr2[3] + target;
}
