/* expect: racy */
/* Adjacent bit-fields share storage bytes (one memory location), so writes to different bit-fields race. */
#include <pthread.h>

struct flags {
    unsigned int a : 4;
    unsigned int b : 4;
} f;

void *set_a(void *arg) {
    (void)arg;
    f.a = 1; // RACE!
    return NULL;
}

void *set_b(void *arg) {
    (void)arg;
    f.b = 2; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, set_a, NULL);
    pthread_create(&t2, NULL, set_b, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return f.a + f.b; // NORACE
}
