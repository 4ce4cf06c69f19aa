/* expect: racy */
/* issue 35: a tool that asks whether to go on without its template ("Continue [y] [n]") and starts its worker only
   on a 'y' read from the standard input; the racing write follows. The standard input's bytes are inputs: the search
   gives the bytes the program compares with, records them as 'stdin', and the reproducer feeds them to the program
   through a pipe, so ThreadSanitizer sees the race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int scanned;

void *worker(void *arg) {
    scanned = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    fprintf(stderr, "no template; continue with the default? [y] [n] ");
    int c = fgetc(stdin);
    if (c != 'y' && c != 'Y') exit(1);
    pthread_create(&t, 0, worker, 0);
    scanned = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
