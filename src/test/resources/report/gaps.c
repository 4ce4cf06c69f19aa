/* gaps: unknown external functions and a call through a function pointer with no known target */
#include <pthread.h>

extern int ext_level(void);   /* declared, defined nowhere, not in the library table */
extern void ext_notify(int);
void (*hook)(int);            /* never assigned */
int shared;

static void *worker(void *arg) {
    shared++;
    return arg;
}

int main(void) {
    int lvl = ext_level();
    ext_notify(lvl);
    ext_notify(2);
    if (lvl > 3) hook(lvl);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    shared++;
    pthread_join(t, 0);
    return 0;
}
