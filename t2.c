#include <pthread.h>
#include <string.h>
#include <stdio.h>
char line[64] = "alpha beta gamma";
void *reader(void *a) { return (void *)(long) line[6]; }
int main(void) {
    pthread_t t;
    char *first = strtok(line, " ");
    char *next = strtok(NULL, " ");
    pthread_create(&t, 0, reader, 0);
    if (next) next[0] = 'B';
    pthread_join(t, 0);
    return first != 0;
}
