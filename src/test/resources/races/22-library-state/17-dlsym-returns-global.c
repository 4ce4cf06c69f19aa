/* expect: racy */
/* weft: imprecise: dlsym cannot be executed, so the race cannot be confirmed */
/* dlsym looks a symbol up by its name: the one way a library installed on the system obtains the address of one of
   the program's globals (the C library table gives it the result 'unknown', which may be any global). The write
   through the pointer it returns races with main's write. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

int g;

void *t(void *a) {
    int *q = dlsym(RTLD_DEFAULT, "g");
    if (q) *q = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    g = 2; // RACE!
    pthread_join(a, 0);
    return 0;
}
