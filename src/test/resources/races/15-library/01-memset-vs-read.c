/* expect: racy */
/* memset writes the whole shared buffer while main reads one of its bytes. */
#include <pthread.h>
#include <string.h>

char buf[16];

void *clear(void *arg) {
    (void)arg;
    memset(buf, 0, sizeof buf); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, clear, NULL);
    char c = buf[3]; // RACE!
    pthread_join(t, NULL);
    return c;
}
