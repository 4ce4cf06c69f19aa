/* expect: racy */
/* D27: the program declares the C library's stdout itself, as a file merged by CIL does (no system header says so).
   The exploration left the object zero and the bounded layer's static storage was zero too, so `stdout == 0` held,
   main returned before creating the worker and both answered race-free: a wrong `true` (found on ctrace, whose trace
   stream is stdout). Now the C library's own objects are the library's whoever declares them (the exploration's
   stream, the bounded layer's fresh bytes). */
#include <pthread.h>

extern struct _IO_FILE *stdout;
int x;

void *worker(void *arg) {
    (void)arg;
    x = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    if (stdout == 0) return 0;
    pthread_create(&t, 0, worker, 0);
    x = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
