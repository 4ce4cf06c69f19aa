/* expect: racy */
/* weft: imprecise: the race needs main's arguments other than argc 1, which the witness search starts main with, so it stays possible (never refuted: argc and argv are inputs) */
/* the helper's parameter is replaced by a global's target on one path: accesses through it reach the global's buffer too */
#include <pthread.h>

char own1[16], own2[16], common[16];
char *shared_target = common;
int flag;

static void put(char *p, int k) {
    if (k > 3) p = shared_target;
    p[0] = 'x'; // RACE!
}

void *first(void *arg) {
    put(own1, flag);
    return 0;
}

void *second(void *arg) {
    put(own2, flag);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    flag = argc;
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
