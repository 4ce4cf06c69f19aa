/* expect: race-free */
/* Adjacent char fields occupy different bytes, so writing them from different threads is not a race. */
#include <pthread.h>

struct bytes {
    char a;
    char b;
} s;

void *set_a(void *arg) {
    (void)arg;
    s.a = 1; // NORACE
    return NULL;
}

void *set_b(void *arg) {
    (void)arg;
    s.b = 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, set_a, NULL);
    pthread_create(&t2, NULL, set_b, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return s.a + s.b; // NORACE
}
