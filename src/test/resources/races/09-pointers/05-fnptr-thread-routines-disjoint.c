/* expect: race-free */
/* Start routines come from an array of function pointers; each is started once and writes its own global. */
#include <pthread.h>

int a;
int b;

void *set_a(void *arg) {
    (void)arg;
    a = 1; // NORACE
    return NULL;
}

void *set_b(void *arg) {
    (void)arg;
    b = 2; // NORACE
    return NULL;
}

void *(*routines[2])(void *) = { set_a, set_b };

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, routines[i], NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return a + b; // NORACE
}
