/* expect: racy */
/* weft: imprecise: cancellation is not explored, so the race has no witness */
/* A cancelled thread may end at a cancellation point before it joins its child: joining it does not join the child. */
#include <pthread.h>
#include <unistd.h>

int data;

void *grandchild(void *arg) {
    (void)arg;
    data = 1; // RACE!
    return NULL;
}

void *child(void *arg) {
    pthread_t t;
    (void)arg;
    pthread_create(&t, NULL, grandchild, NULL);
    sleep(1);
    pthread_join(t, NULL);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, child, NULL);
    pthread_cancel(t);
    pthread_join(t, NULL);
    data = 2; // RACE!
    return 0;
}
