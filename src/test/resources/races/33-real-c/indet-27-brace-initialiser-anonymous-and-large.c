/* expect: race-free */
/* a brace initialiser zeroes every member it does not name (C11 6.7.9p21), also a member of an anonymous union and the elements of an array too large for the lowering to list as zero stores, so main writes B; an analysis that took those members for indeterminate would confirm a race that no execution has */
#include <pthread.h>
int A, B;
struct s {
    int a;
    union {
        int x;
        int y;
    };
    int big[300];
};
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct s v = {1};
    if (v.x || v.big[299])
        A = 2;
    else
        B = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
