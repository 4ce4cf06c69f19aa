/* expect: racy */
/* A VLA parameter's size is read on entry; a 2-D VLA's rows are distinct only at run time. */
#include <pthread.h>

int width = 4;
int grid_shared[2][4];

static int sum(int h, int m[h][width]) { // RACE!
    return m[0][0] + m[h - 1][1];
}

void *resizer(void *arg) {
    (void)arg;
    width = 3; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, resizer, NULL);
    int r = sum(2, grid_shared);
    pthread_join(t, NULL);
    return r;
}
