/* expect: racy */
/* the chain of helpers reached through a function pointer with one array from both threads: the writes race */
#include <pthread.h>

int left[8], right[8];
int n;

static void bump(int *v, int k) {
    for (int i = 0; i < k && i < 8; i++) v[i]++; // RACE!
}

static void (*op)(int *, int) = bump;

static void twice(int *v) {
    op(v, n);
    bump(v + 1, n - 1);
}

void *first(void *arg) {
    twice(left);
    return 0;
}

void *second(void *arg) {
    twice(left);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    n = argc;
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
