/* expect: racy */
/* issue 35: an interactive tool's terminal (weft.exec.Terminals): whether the standard input is a terminal is the
   world's (chosen and recorded, as isatty's answer is); main asks its name (ttyname, and ttyname_r into its own
   buffer), reads its settings (tcgetattr: a sane terminal's, 60 bytes of glibc's struct termios) and sets them back
   without echo (tcsetattr). In raw mode the echo flag is cleared without a lock while the worker sets it: confirmed,
   and the reproducer's wrappers answer for the terminal it does not have. */
#include <pthread.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int echo;

static void *worker(void *arg) {
    echo = 1; // RACE!
    return arg;
}

int main(void) {
    struct termios t;
    char name[32];
    pthread_t w;
    pthread_create(&w, 0, worker, 0);
    const char *tty = ttyname(0);
    if (tty != NULL && ttyname_r(0, name, sizeof name) == 0 && strcmp(tty, name) == 0 && tcgetattr(0, &t) == 0) {
        int on = (t.c_lflag & ECHO) != 0;
        t.c_lflag &= ~(tcflag_t) ECHO;
        if (on && tcsetattr(0, TCSANOW, &t) == 0) echo = 0; // RACE!
    }
    pthread_join(w, 0);
    return 0;
}
