/* expect: racy */
/* issue 35: the stack size of attributes the program did not set is the system's (pthread_attr_getstacksize: an
   input, written through the pointer); a program that shrinks its threads' stacks only above a size races there. The
   witness records the size; the reproducer's wrapper writes it back. */
#include <pthread.h>

int shrunk;

void *worker(void *arg) {
    shrunk = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_attr_t attr;
    size_t size = 0;
    pthread_t t;
    pthread_attr_init(&attr);
    if (pthread_attr_getstacksize(&attr, &size) != 0 || size <= 65536) return 0;
    pthread_attr_setstacksize(&attr, 65536);
    pthread_create(&t, &attr, worker, 0);
    shrunk = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
