/* expect: race-free */
/* Functions that only consult the locale (strtod, snprintf) do not race with each other; localeconv and
   nl_langinfo read the locale and write their own static buffers, not one shared state (they raced as one group
   before); setlocale runs before the threads start. */
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

double a1, a2;
char b1[16], b2[16];

void *t1(void *a) {
    a1 = strtod("1.5", 0); // NORACE
    snprintf(b1, sizeof b1, "%g", a1);
    struct lconv *l = localeconv(); // NORACE
    (void)l;
    return 0;
}

void *t2(void *a) {
    a2 = strtod("2.5", 0); // NORACE
    snprintf(b2, sizeof b2, "%g", a2);
    char *c = nl_langinfo(CODESET); // NORACE
    (void)c;
    return 0;
}

int main(void) {
    pthread_t x, y;
    setlocale(LC_ALL, "C");
    pthread_create(&x, 0, t1, 0);
    pthread_create(&y, 0, t2, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}
