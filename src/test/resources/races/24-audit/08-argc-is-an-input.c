/* expect: racy */
/* weft: imprecise: the race needs main's arguments other than argc 1, which the witness search starts main with, so it stays possible (never refuted: argc and argv are inputs) */
/* main's argc is an input: the race needs more than three arguments, which neither the exploration (argc 1) nor the bounded layer (argc 0) may assume away */
#include <pthread.h>

char own[16], common[16];
char *shared_target = common;
int flag;

static void put(char *p, int k) {
    if (k > 3) p = shared_target;
    p[0] = 'x'; // RACE!
}

void *worker(void *arg) {
    put(own, flag);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t;
    flag = argc;
    pthread_create(&t, 0, worker, 0);
    common[0] = 'y'; // RACE!
    pthread_join(t, 0);
    return 0;
}
