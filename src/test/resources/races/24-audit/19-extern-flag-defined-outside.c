/* expect: racy */
/* weft: imprecise: the exploration stops at a variable outside code defines, and the bounded layer's racing run needs it */
/* D27: `flag` is declared and never defined: outside code (another translation unit, a library) defines it and may
   set it to anything. The bounded layer took its static storage to be zero, so main returned before the worker
   started and it answered race-free — in the default mode too (the exploration stops at the unknown object). Now an
   object defined outside the program starts with fresh bytes in the bounded program. */
#include <pthread.h>

extern int flag;
int x;

void *worker(void *arg) {
    (void)arg;
    x = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    if (flag == 0) return 0;
    pthread_create(&t, 0, worker, 0);
    x = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
