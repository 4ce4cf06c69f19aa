/* expect: racy */
/* weft: imprecise: the race needs main's arguments other than argc 1, which the witness search starts main with, so it stays possible (never refuted: argc and argv are inputs) */
/* a helper hands its parameter's address to another function, which points it at a shared buffer: the parameter is no longer the caller's argument */
#include <pthread.h>

char own1[16], own2[16], common[16];
int n;

static void redirect(char **pp) {
    if (n > 1) *pp = common;
}

static void put(char *p) {
    redirect(&p);
    p[1] = 'y'; // RACE!
}

void *first(void *arg) {
    put(own1);
    return 0;
}

void *second(void *arg) {
    put(own2);
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
