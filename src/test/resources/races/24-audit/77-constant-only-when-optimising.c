/* expect: racy */
/* weft: imprecise: gcc answers __builtin_constant_p(limit) 1 only when optimising (the reproducer's -O0 build answers 0), so no run Weft can replay reaches the race */
/* audit D52: __builtin_constant_p of a const variable is 0 at gcc -O0 and 1 at -O2, which propagates the constant. The
   front end used to fold every such call to -O0's 0, so the worker's write below was dead to every layer and Weft
   proved this program race-free, although the program built with -O2 races. The call is now an answer of the
   compiler's (weft.frontend.GccBuiltins: __weft_constant_p), any int to the analyses, 0 in the explorer's runs (the
   reproducer's -O0), where a proof stops. */
#include <pthread.h>

static int fast_paths;

static void *worker(void *arg) {
    const int limit = 64;
    if (__builtin_constant_p(limit)) {
        fast_paths++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    fast_paths++; // RACE!
    pthread_join(t, NULL);
    return fast_paths;
}
