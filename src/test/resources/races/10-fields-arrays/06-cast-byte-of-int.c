/* expect: racy */
/* A write to one byte of an int through a char pointer overlaps a full-width read of the int. */
#include <pthread.h>

int x;

void *write_low_byte(void *arg) {
    char *p = (char *)&x;
    (void)arg;
    p[0] = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, write_low_byte, NULL);
    int r = x; // RACE!
    pthread_join(t, NULL);
    return r;
}
