/* expect: racy */
/* issue 35: a mount helper's option parsing (weft.exec.Tokens): getsubopt takes the next comma-separated suboption,
   matches its key against the program's token list as glibc does and hands back its value, or the whole suboption
   when no token matches. main checks every answer against glibc's (printed by this program built with gcc), then
   marks the options parsed without a lock while the worker reads the mark: confirmed, and replayed. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int parsed;

static void *worker(void *arg) {
    return parsed ? arg : 0; // RACE!
}

int main(void) {
    char options[] = "ro,rw,size=10,foo,=x";
    char *const tokens[] = {"ro", "rw", "size", "", NULL};
    char *p = options, *value;
    int r[6];
    const char *v[6];
    for (int i = 0; i < 6; i++) {
        value = (char *) "unset";
        r[i] = getsubopt(&p, tokens, &value);
        v[i] = value;
    }
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int glibc = r[0] == 0 && v[0] == NULL && r[1] == 1 && v[1] == NULL && r[2] == 2 && strcmp(v[2], "10") == 0
        && r[3] == -1 && strcmp(v[3], "foo") == 0 && r[4] == 3 && strcmp(v[4], "x") == 0 && r[5] == -1 && strcmp(v[5], "unset") == 0
        && *p == '\0';
    if (glibc) parsed = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
