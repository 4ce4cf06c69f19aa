/* expect: racy */
/* weft: imprecise: fnmatch may read its whole pattern, but glibc's stops at the first character that does not match; the explorer counts the rest for proofs only and confirms no race on it (unknown, never true) */
/* audit D54: the witness search confirmed races on bytes a library call may touch but need not. Such accesses are
   recorded for proofs only (weft.exec.state.ByteAccess#asProofOnly), and the exhaustive search never confirmed one,
   but the witness search (weft.explore.Execution) did: it confirmed the race below on pattern[3], which glibc's
   fnmatch never reads once 'x' fails to match 'a' (`false` on 883ffca; the reproducer of that witness reaches both
   accesses and ThreadSanitizer reports nothing). Now neither search confirms on them. */
#include <fnmatch.h>
#include <pthread.h>

static char pattern[8] = "x*yz";

static void *editor(void *arg) {
    pattern[3] = 'q'; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, editor, 0);
    int r = fnmatch(pattern, "abc", 0); // RACE!
    pthread_join(t, 0);
    return r == 0;
}
