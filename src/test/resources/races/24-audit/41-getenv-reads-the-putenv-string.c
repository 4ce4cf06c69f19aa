/* expect: racy */
/* weft: imprecise: putenv changes the library's globals, which ends the explorer's runs: the race is found, not confirmed */
/* audit D35: putenv puts the program's own string into the environment, and getenv reads it there (glibc compares the names in place) while the writer changes it. The table said getenv read only its argument, so the pair was missed. Rows now r*s for getenv, secure_getenv, setenv, unsetenv and putenv (the strings the environment holds), and getenv's result may point into them (*state). */
#include <pthread.h>
#include <stdlib.h>

static char setting[16] = "WY_MODE=1";

static void *writer(void *arg) {
    (void) arg;
    setting[8] = '2'; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    putenv(setting);
    pthread_create(&t, 0, writer, 0);
    char *mode = getenv("WY_MODE"); // RACE!
    pthread_join(t, 0);
    return mode != NULL;
}
