/* expect: race-free */
/* Two threads write different fields of the same struct; the fields do not overlap. */
#include <pthread.h>

struct pair {
    int a;
    int b;
} s;

void *write_a(void *arg) {
    (void)arg;
    s.a = 1; // NORACE
    return NULL;
}

void *write_b(void *arg) {
    (void)arg;
    s.b = 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, write_a, NULL);
    pthread_create(&t2, NULL, write_b, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return s.a + s.b; // NORACE
}
