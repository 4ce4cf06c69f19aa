/* expect: race-free */
/* Twin of 05: main seeds before creating the thread and draws again only after joining it. */
#include <pthread.h>
#include <stdlib.h>

void *t(void *a) {
    int r = rand(); // NORACE
    return (void *)(long)r;
}

int main(void) {
    pthread_t a;
    srand(3); // NORACE
    pthread_create(&a, 0, t, 0);
    pthread_join(a, 0);
    return rand() & 1; // NORACE
}
