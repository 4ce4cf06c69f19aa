/* expect: racy */
/* Two threads write the same field of a struct (reached through a pointer); the other field is untouched. */
#include <pthread.h>

struct pair {
    int a;
    int b;
} s;

void *write_a(void *arg) {
    struct pair *p = arg;
    p->a = p->b + 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, write_a, &s);
    pthread_create(&t2, NULL, write_a, &s);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return s.a; // NORACE
}
