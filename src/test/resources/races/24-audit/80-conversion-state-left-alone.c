/* expect: racy */
/* weft: imprecise: mbrtowc may read and write its conversion state, but glibc's single-byte conversion of the C locale leaves it alone (and ThreadSanitizer does not intercept the call); the explorer counts the state's accesses for proofs only (unknown, never true) */
/* audit D54, its second shape: the state's accesses are recorded for proofs only, and the witness search confirmed a
   race on them that no replay shows (`false` on 883ffca; the reproducer of that witness reaches both accesses and ThreadSanitizer
   reports nothing). */
#include <pthread.h>
#include <string.h>
#include <wchar.h>

static mbstate_t state;

static void *resetter(void *arg) {
    memset(&state, 0, sizeof state); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    wchar_t wc;
    pthread_create(&t, 0, resetter, 0);
    size_t n = mbrtowc(&wc, "a", 1, &state); // RACE!
    pthread_join(t, 0);
    return n == 1;
}
