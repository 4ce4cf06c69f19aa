/* expect: race-free */
/* Twin of 10 with strtok_r: each thread's position lives in its own save pointer. */
#include <pthread.h>
#include <string.h>

void *t(void *a) {
    char line[] = "a b c";
    char *save;
    char *tok = strtok_r(line, " ", &save); // NORACE
    while (tok) tok = strtok_r(0, " ", &save); // NORACE
    return a;
}

int main(void) {
    pthread_t a;
    char line[] = "x y";
    char *save;
    pthread_create(&a, 0, t, 0);
    char *tok = strtok_r(line, " ", &save); // NORACE
    *tok = 'z'; // NORACE
    pthread_join(a, 0);
    return 0;
}
