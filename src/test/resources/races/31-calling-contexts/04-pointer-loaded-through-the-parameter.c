/* expect: racy */
/* each thread passes its own record, but both records point to one buffer: the pointer the helper loads from the record is not the parameter's own target */
#include <pthread.h>

struct rec { char *buf; int len; };
char buffer[32];
struct rec r1 = {buffer, 32}, r2 = {buffer, 32};
int n;

static void clear(struct rec *r) {
    char *p = r->buf;
    for (int i = 0; i < n && i < r->len; i++) p[i] = 0; // RACE!
}

void *first(void *arg) {
    clear(&r1);
    return 0;
}

void *second(void *arg) {
    clear(&r2);
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
