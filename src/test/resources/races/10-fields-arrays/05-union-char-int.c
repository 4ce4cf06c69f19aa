/* expect: racy */
/* A char member of a union overlaps the first byte of its int member: the byte write races with the int read. */
#include <pthread.h>

union word {
    int i;
    char c;
} u;

void *write_byte(void *arg) {
    (void)arg;
    u.c = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, write_byte, NULL);
    int r = u.i; // RACE!
    pthread_join(t, NULL);
    return r;
}
