/* rank: certain */
/* a heap block allocated once by main, written by two unique threads without a lock */
#include <pthread.h>
#include <stdlib.h>
struct s { int v; };
static void *one(void *arg) { ((struct s *) arg)->v = 1; return arg; }
static void *two(void *arg) { ((struct s *) arg)->v = 2; return arg; }
int main(void) {
    struct s *p = malloc(sizeof *p);
    pthread_t x, y;
    pthread_create(&x, 0, one, p);
    pthread_create(&y, 0, two, p);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}
