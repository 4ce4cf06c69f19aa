/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* printf's %n stores the count of characters written through its argument: two threads storing into one count race */
#include <pthread.h>
#include <stdio.h>

int count;

static void *work(void *arg) {
    printf("working%n\n", &count); // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, work, 0);
    printf("main%n\n", &count); // RACE!
    pthread_join(a, 0);
    return count;
}
