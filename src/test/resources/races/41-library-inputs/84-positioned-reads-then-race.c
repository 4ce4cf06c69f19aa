/* expect: racy */
/* issue 35: the shape of pigz's trailer check: main opens the input and finds its length with lseek, then two
   workers read the same block with pread (no shared file position) and add what they got to a total without a
   lock. The world's answers are the search's choices: the descriptor open gives, the offset lseek returns, how many
   bytes pread returns and their value; the reproducer's wrappers give the same. */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

int in;
off_t length;
long total;

static void *reader(void *arg) {
    unsigned char block[16];
    ssize_t got = pread(in, block, sizeof block, 0);
    if (got < 0) return NULL;
    total += got; // RACE!
    return arg;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    in = open(argv[1], O_RDONLY);
    if (in < 0) return 1;
    length = lseek(in, 0, SEEK_END);
    if (length < 16) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, reader, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    close(in);
    return 0;
}
