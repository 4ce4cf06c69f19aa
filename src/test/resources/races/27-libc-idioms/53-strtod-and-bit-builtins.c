/* expect: racy */
/* strtod, strtof and atof parsed by the installed C library in the C locale (issue 35: weft.installed.CLibrary, hexadecimal numbers, an overflow's ERANGE, infinities), and gcc's bit builtins (clz, ctz, popcount, parity): the count is written only when every result is the one glibc and gcc give; and strtod reads the shared text one worker writes (only one: the read range TSan is given must not sit on a write race between workers, whose first write it would push out of TSan's few shadow cells). */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

static int scaled;
static char setting[16] = "1.5e1";

static int computed(void) {
    char *end;
    errno = 0;
    double d = strtod("  0x1.8p1xyz", &end);
    double big = strtod("1e400", NULL);
    int range = errno == ERANGE;
    return d == 3.0 && *end == 'x' && big == HUGE_VAL && range && strtof("2.5", NULL) == 2.5f && atof("-inf") < 0
        && __builtin_clz(1u) == 31 && __builtin_ctzl(8ul) == 3 && __builtin_popcount(0xf0u) == 4 && __builtin_parity(7u) == 1;
}

static void *worker(void *arg) {
    if (computed())
        scaled++; // RACE!
    if (arg != NULL)
        setting[1] = '2'; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, i == 0 ? NULL : setting);
    double v = strtod(setting, NULL); // RACE!
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return v > 100.0;
}
