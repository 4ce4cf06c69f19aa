/* expect: race-free */
/* Two threads write different cells of a global array, selected by constant indices. */
#include <pthread.h>

int cells[4];

void *first(void *arg) {
    (void)arg;
    cells[0] = 1; // NORACE
    return NULL;
}

void *last(void *arg) {
    (void)arg;
    cells[3] = 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, first, NULL);
    pthread_create(&t2, NULL, last, NULL);
    cells[1] = 3; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return cells[0] + cells[3]; // NORACE
}
