/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function, so the race cannot be confirmed */
/* setenv and getenv share the environment: changing it while another thread reads it is a race. */
#include <pthread.h>
#include <stdlib.h>

void *t(void *a) {
    char *home = getenv("HOME"); // RACE!
    return home;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    setenv("HOME", "/tmp", 1); // RACE!
    pthread_join(a, 0);
    return 0;
}
