/* expect: racy */
/* weft: imprecise: the explorer does not execute setlocale, so the race cannot be confirmed */
/* setlocale writes the locale every locale-dependent function reads (C11 7.11.1.1p5: it "may introduce a data race
   with other calls to the setlocale function or with calls to functions that are affected by the current
   locale"): the thread's strtod races with main's setlocale. */
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>

double v;

void *t(void *a) {
    v = strtod("1.5", 0); // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    setlocale(LC_NUMERIC, "C"); // RACE!
    pthread_join(a, 0);
    return 0;
}
