/* expect: racy */
/* the same helper given the same buffer by both threads: its writes race */
#include <pthread.h>
#include <stdlib.h>

struct space { unsigned char *buf; int len; };

static void store(unsigned char *scan, int n) {
    for (int i = 0; i < n; i++) scan[i] = (unsigned char)i; // RACE!
}

static void fill(unsigned char *p, int n) {
    unsigned char *q = p + 1;
    store(q, n - 1);
    while (n-- > 0) *p++ += 1; // RACE!
}

static struct space *new_space(void) {
    struct space *s = malloc(sizeof *s);
    s->buf = malloc(64);
    s->len = 64;
    return s;
}

struct space *a, *b;
int n;

void *first(void *arg) {
    fill(a->buf, n);
    return 0;
}

void *second(void *arg) {
    fill(a->buf, n);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    n = argc < 64 ? argc : 64;
    a = new_space();
    b = new_space();
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
