/* expect: race-free */
/* The explorer's snprintf must write what glibc writes: the worker writes the shared counter only if some formatted text or length differs from glibc's (checked with gcc), so a wrong conversion in weft.exec.Formatter would be a race the exploration "confirms". */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int mismatches;

static int same(const char *got, int n, const char *want) {
    return n == (int)strlen(want) && strcmp(got, want) == 0;
}

static void *worker(void *arg) {
    long k = (long)arg;
    char b[64];
    int ok = 1;
    int n;
    n = snprintf(b, sizeof b, "%d|%i|%5d|%-5d|%05d|%+d|% d", (int)k, -7, 42, 42, -42, 3, 3);
    ok &= same(b, n, "7|-7|   42|42   |-0042|+3| 3");
    n = snprintf(b, sizeof b, "%u|%x|%X|%o|%#x|%#o|%#X|%#x", 4294967295u, 255u, 255u, 8u, 255u, 8u, 0xabu, 0u);
    ok &= same(b, n, "4294967295|ff|FF|10|0xff|010|0XAB|0");
    n = snprintf(b, sizeof b, "%.3d|%.0d|%#.0o|%8.3x|%-8.3x|%08.3d", 5, 0, 0u, 10u, 10u, 7);
    ok &= same(b, n, "005||0|     00a|00a     |     007");
    n = snprintf(b, sizeof b, "%ld|%lu|%lld|%llx|%hd|%hhu|%zu|%jd", -5L, 5UL, -9000000000LL, 0x1ffffffffULL, (short)-3, (unsigned char)300, sizeof(int), (long long)-1);
    ok &= same(b, n, "-5|5|-9000000000|1ffffffff|-3|44|4|-1");
    n = snprintf(b, sizeof b, "%c%c|%3c|%-3c|%%|%5s|%-5s|%.2s|%*d|%-*d|%.*d", 'o', 'k', 'x', 'y', "ab", "ab", "abcdef", 4, 1, 4, 1, 3, 2);
    ok &= same(b, n, "ok|  x|y  |%|   ab|ab   |ab|   1|1   |002");
    n = snprintf(b, 4, "%s", "truncated");
    ok &= n == 9 && strcmp(b, "tru") == 0;
    n = snprintf(NULL, 0, "%d-%d", 12, 345);
    ok &= n == 6;
    n = sprintf(b, "%s=%d;", "key", (int)(k * 6));
    ok &= same(b, n, "key=42;");
    if (!ok)
        mismatches++;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)7L);
    mismatches += 0;
    pthread_join(t, NULL);
    printf("%d\n", mismatches);
    return mismatches;
}
