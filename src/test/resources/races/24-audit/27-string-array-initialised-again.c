/* expect: racy */
/* weft: imprecise: the explorer gives each pass over a declaration a fresh object (C keeps the object while its block lasts), so the reader's pointer dangles there; the static layer reports the race */
/* audit D31: a character array of automatic storage initialised by a string literal had no initialisation in the IR
   (its bytes unknown, and no write), so when a backward goto within its block passes the declaration again, which
   initialises the same object again (C11 6.2.4p6, 6.8p3) while the reader it was handed to runs, the write was
   missing and the program was proved race-free (TSan reports the race). The front end now stores the literal's bytes
   and zeroes the rest (weft.frontend.InitLowerer#stringInto). */
#include <pthread.h>
#include <stdio.h>

static void *reader(void *p) {
    char *s = p;
    if (s[0] == 'h') puts("greeted");
    return 0;
}

int main(void) {
    pthread_t t;
    int round = 0;
again:;
    char msg[] = "hello"; // RACE!
    if (round++ == 0) {
        pthread_create(&t, 0, reader, msg);
        goto again;
    }
    pthread_join(t, 0);
    return 0;
}
