/* expect: racy */
/* strtok keeps its position in hidden state: two threads tokenising their own strings race on it. */
#include <pthread.h>
#include <string.h>

void *t(void *a) {
    char line[] = "a b c";
    char *tok = strtok(line, " "); // RACE!
    return tok ? 0 : a;
}

int main(void) {
    pthread_t a;
    char line[] = "x y";
    pthread_create(&a, 0, t, 0);
    char *tok = strtok(line, " "); // RACE!
    pthread_join(a, 0);
    return tok != 0;
}
