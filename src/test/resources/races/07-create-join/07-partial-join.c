/* expect: racy */
/* Joining one thread orders only that thread's accesses; the other, still running thread races with main. */
#include <pthread.h>

int a;
int b;

void *write_a(void *arg) {
    (void)arg;
    a = 1; // NORACE
    return NULL;
}

void *write_b(void *arg) {
    (void)arg;
    b = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t ta, tb;
    pthread_create(&ta, NULL, write_a, NULL);
    pthread_create(&tb, NULL, write_b, NULL);
    pthread_join(ta, NULL);
    int r = a + b; // RACE!
    pthread_join(tb, NULL);
    return r;
}
