/* expect: racy */
/* issue 35: the wide-character string functions run as glibc computes them on Linux (4-byte wchar_t units,
   weft.exec.WideStrings): each worker builds a wide name with wmemset, wcscpy, wcsncpy and wmemcpy, measures it,
   compares and searches it, duplicates it, and counts without a lock only when every answer is glibc's. (The wide
   texts are arrays of wide characters: the front end does not decode wide string literals, 24-audit/33.) */
#include <pthread.h>
#include <stdlib.h>
#include <wchar.h>

static int named;

static void *worker(void *arg) {
    static const wchar_t relay[6] = {L'r', L'e', L'l', L'a', L'y', 0}, ab[3] = {L'a', L'b', 0};
    wchar_t a[16], b[16], c[8];
    wmemset(a, L'x', 16);
    wcscpy(a, relay);
    wcsncpy(c, ab, 8);
    wmemcpy(b, a, 6);
    wchar_t *d = wcsdup(b);
    int ok = wcslen(a) == 5 && a[6] == L'x' && c[2] == 0 && c[7] == 0 && wcscmp(a, b) == 0 && wcscmp(c, a) < 0
        && wcscmp(a, c) > 0 && wcschr(a, L'l') == a + 2 && wcschr(a, L'q') == NULL && wcschr(a, 0) == a + 5
        && d != NULL && wcslen(d) == 5 && d[4] == L'y';
    free(d);
    if (ok) named++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return named == 2 ? 0 : 1;
}
