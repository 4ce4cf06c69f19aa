/* expect: racy */
/* Passing the new object to a thread publishes it. */
#include <pthread.h>
#include <stdlib.h>

struct s { int x; };

void *child(void *arg) {
    struct s *p = arg;
    p->x++; // RACE!
    return NULL;
}

int main(void) {
    struct s *p = malloc(sizeof *p);
    p->x = 0; // NORACE
    pthread_t t;
    pthread_create(&t, NULL, child, p);
    p->x = 2; // RACE!
    return 0;
}
