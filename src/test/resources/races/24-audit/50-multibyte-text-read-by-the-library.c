/* expect: racy */
/* audit D40, its regression: mbtowc(pwc, s, n) reads the multibyte text s and writes the wide character at pwc, but the library table said it read and wrote its first argument and never looked at s. A worker changing the text while main converted it raced, and every layer proved the program race-free. The row now writes pwc and reads n bytes of s (a test compares every row with the installed headers' prototypes: weft.model.LibraryPrototypesTest). The explorer runs mbtowc in the C locale (weft.exec.Multibytes) and confirms the race; the reproducer's wrapper shows ThreadSanitizer the text glibc reads (weft_libaccess.c), so the replay reports it (issue 35: the sample of ReproducerTsanTest found the replay silent before the wrapper). */
#include <pthread.h>
#include <stdlib.h>

static char text[8] = "ab";

static void *worker(void *arg) {
    (void) arg;
    text[0] = 'x'; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    wchar_t wc;
    pthread_create(&t, 0, worker, 0);
    int n = mbtowc(&wc, text, 2); // RACE!
    pthread_join(t, 0);
    return n < 0;
}
