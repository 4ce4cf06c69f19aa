/* expect: race-free */
/* Each thread passes its own 2-D VLA to a function with a VLA parameter; the size variable is only read. */
#include <pthread.h>

int width = 3;

static int sum(int h, int m[h][width]) { // NORACE
    int s = 0;
    for (int i = 0; i < h; i++) s += m[i][width - 1]; // NORACE
    return s;
}

void *worker(void *arg) {
    (void)arg;
    int g[2][width]; // NORACE
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < width; j++) g[i][j] = i + j; // NORACE
    return (void *)(long)sum(2, g);
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return width; // NORACE
}
