/* expect: racy */
/* issue 35: a lexer's look-ahead: main reads a character of its input and pushes it back with ungetc when it starts
   a number, then reads it again (the pushed-back character, the program's own: not an input the world gives, not
   recorded), and ungetc(EOF) pushes nothing; the same on a file it opened (an empty file: the pushed-back character,
   then its end). Behind those answers main and a worker count tokens without a lock (weft.exec.Streams); the
   reproducer feeds the input's bytes through a pipe and its real ungetc gives the same. */
#include <pthread.h>
#include <stdio.h>

int tokens;

void *worker(void *arg) {
    tokens++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int c = getchar();
    FILE *f = fopen("/weft/absent", "r");
    int file_ok = f == NULL || (ungetc('x', f) == 'x' && fgetc(f) == 'x' && fgetc(f) == EOF);
    if (f != NULL) fclose(f);
    if (c == '7' && ungetc(c, stdin) == '7' && getc(stdin) == '7' && ungetc(EOF, stdin) == EOF && file_ok) {
        tokens++; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
