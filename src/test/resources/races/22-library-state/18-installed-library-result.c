/* expect: race-free */
/* A function of a library installed on the system (declared only by a header under /usr/include, here glibc's
   backtrace_symbols, which the C library table does not list) was compiled without the program: it cannot name the
   program's globals, so the array it returns (its own memory, or memory it was given) is not g. The thread's
   write through it does not race with main's write to g. (A function the program declares itself may be the
   program's own code in a file not given, and may return any global: 01-extern-returns-global.) */
#include <execinfo.h>
#include <pthread.h>

int g;

void *t(void *a) {
    void *frames[4];
    int n = backtrace(frames, 4);
    char **names = backtrace_symbols(frames, n);
    if (names && n > 0 && names[0]) names[0][0] = 'x'; // NORACE
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    g = 2; // NORACE
    pthread_join(a, 0);
    return 0;
}
