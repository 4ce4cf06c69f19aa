/* expect: racy */
/* weft: imprecise: the race needs argc > 1, and main's arguments are inputs the witness search does not choose, so it stays possible (never refuted). a parameter reassigned from a global on one path before the access: there it no longer holds the caller's argument, so the access is not restricted to the argument's buffer */
#include <pthread.h>

char mine[16], theirs[16];
char *fallback = theirs;
int use_fallback;

static void put(char *p, char v) {
    if (use_fallback) p = fallback;
    p[0] = v; // RACE!
}

void *first(void *arg) {
    put(mine, 1);
    return 0;
}

void *second(void *arg) {
    theirs[0] = 2; // RACE!
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    use_fallback = argc > 1;
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
