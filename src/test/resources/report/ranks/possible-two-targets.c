/* rank: possible */
/* the twin of certain-different-locks: the write goes through a pointer that may denote two globals */
#include <pthread.h>
int a, b;
static void *one(void *arg) { int *p = arg ? &a : &b; *p = 1; return arg; }
static void *two(void *arg) { a = 2; b = 2; return arg; }
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, one, &x);
    pthread_create(&y, 0, two, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return a + b;
}
