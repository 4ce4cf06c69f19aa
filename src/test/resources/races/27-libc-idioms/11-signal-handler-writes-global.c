/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* A signal handler may run at any time after it is installed: its write races with main's reads. */
#include <signal.h>
#include <stdio.h>

int stop;

static void on_int(int sig) {
    stop = 1; // RACE!
}

int main(void) {
    signal(SIGINT, on_int);
    signal(SIGPIPE, SIG_IGN);
    while (!stop) { } // RACE!
    printf("bye\n");
    return 0;
}
