/* expect: race-free */
/* a trace line formatted with %n: sprintf writes the count only through the argument of the %n conversion (a
   local), and only reads the shared name the other threads read too */
#include <pthread.h>
#include <stdio.h>

char name[16] = "pool";

static void *work(void *arg) {
    char line[64];
    int n = 0;
    sprintf(line, "%s:%ld:%n", name, (long)arg, &n); // NORACE
    return (void *)(long)(n + line[0]);
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, (void *)1);
    pthread_create(&b, 0, work, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
