/* expect: racy */
/* weft: imprecise: the interleaving search does not reach the racing state */
/* printf("%s") reads the string inside the library while strcpy in another thread overwrites it. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char msg[16] = "hello";

void *worker(void *arg) {
    (void)arg;
    strcpy(msg, "bye"); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    printf("%s\n", msg); // RACE!
    pthread_join(t, NULL);
    return 0;
}
