/* expect: racy */
/* weft: imprecise: wide string literals are not decoded: the array's bytes are unknown to every layer, so the race is not confirmed */
/* audit D33: a wide character array of static storage initialised by a wide literal, which the front end does not decode: the layers took it for zeros, so the explorer confirmed the race of 34 (which cannot happen) and proved this racy program race-free. Its bytes are unknown now (GlobalInit.Unknown): neither verdict is given. */
#include <pthread.h>
#include <wchar.h>

static wchar_t mode[] = L"r";
int shared;

static void *worker(void *arg) {
    (void) arg;
    if (mode[0] == L'r')
        shared = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (mode[0] == L'r')
        shared = 2; // RACE!
    pthread_join(t, 0);
    return shared;
}
