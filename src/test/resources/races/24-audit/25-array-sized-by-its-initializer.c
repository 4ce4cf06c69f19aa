/* expect: racy */
/* audit D30: an array declared without its size takes it from its initializer (C11 6.7.9p22), but CDT's type of
   the name stays incomplete: `sizeof names` was 0 in a static initializer (so `count` was 0, the loop never ran and
   the racy program was proved race-free) and an unknown value at run time (which the witness search took for an
   input). The front end now takes the lowered variable's completed type (weft.frontend.ExprLowerer#typeOf) and folds
   array lengths CDT does not evaluate (weft.frontend.Declarations#constantLength). */
#include <pthread.h>

static const char *names[] = {"relay", "queue", "spool"};
static const int count = sizeof(names) / sizeof(names[0]);
static int seen[sizeof names / sizeof *names];
static int spooled;

static void *scan(void *arg) {
    (void) arg;
    for (int i = 0; i < count; i++)
        if (names[i][0] == 's' && sizeof seen == 3 * sizeof(int))
            spooled++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, scan, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
