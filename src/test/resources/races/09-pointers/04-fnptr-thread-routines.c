/* expect: racy */
/* Thread start routines are taken from an array of function pointers; both routines write the same global. */
#include <pthread.h>

int g;

void *inc(void *arg) {
    (void)arg;
    g++; // RACE!
    return NULL;
}

void *dec(void *arg) {
    (void)arg;
    g--; // RACE!
    return NULL;
}

void *(*routines[2])(void *) = { inc, dec };

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, routines[i], NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return g; // NORACE
}
