/* expect: race-free */
/* issue 35: strtol and its kin computed by the explorer (weft.exec.NumberParsing) are checked against glibc's results:
   the worker writes the shared flag only when one differs, and then races with main. The exhaustive exploration runs
   every call and proves the program race-free only if each result, end pointer and errno agree with glibc (compiled
   with gcc the program exits 0: every check holds). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

static int wrong;

static int check(void) {
    char *end;
    int bad = 0;
    const char *s1 = "  -42xyz";
    bad |= strtol(s1, &end, 10) != -42 || end != s1 + 5;
    const char *s2 = "0x1F";
    bad |= strtol(s2, &end, 0) != 31 || end != s2 + 4;
    bad |= strtol("017", &end, 0) != 15;
    bad |= strtol("ff", &end, 16) != 255;
    const char *s3 = "  +";
    bad |= strtol(s3, &end, 10) != 0 || end != s3;
    const char *s4 = "0x";
    bad |= strtol(s4, &end, 16) != 0 || end != s4 + 1;
    errno = 0;
    bad |= strtoll("99999999999999999999", &end, 10) != LLONG_MAX || errno != ERANGE;
    errno = 0;
    bad |= strtoull("-1", &end, 10) != ULLONG_MAX || errno != 0;
    errno = 0;
    bad |= strtoll("-9223372036854775808", &end, 10) != LLONG_MIN || errno != 0;
    bad |= atoi(" 123abc") != 123;
    bad |= atoi("-7") != -7;
    bad |= atol("z") != 0;
    bad |= strtol("z1", NULL, 36) != 36 * 35 + 1;
    return bad;
}

static void *worker(void *arg) {
    if (check())
        wrong = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    wrong = 0; // NORACE
    pthread_join(t, NULL);
    return wrong;
}
