/* expect: race-free */
/* Workers joined along a heap-shaped tree: worker i joins workers 2i+1 and 2i+2 when they exist, after filling its
   slot of a table; main creates them from the last down, joins worker 0 and reads the table. Every worker but 0 has its
   parent (i-1)/2 below it, which joins it on every path. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int count;
static pthread_t *ids;
static long *table;

static void *node(void *arg) {
    long me = (long) arg;
    table[me] = me * 5;
    long left = 2 * me + 1;
    if (left < count)
        pthread_join(ids[left], NULL);
    if (left + 1 < count)
        pthread_join(ids[left + 1], NULL);
    return NULL;
}

int main(int argc, char **argv) {
    count = argc > 1 ? atoi(argv[1]) : 7;
    if (count <= 0 || count > 1000)
        return 2;
    ids = calloc(count, sizeof *ids);
    table = calloc(count, sizeof *table);
    if (ids == NULL || table == NULL)
        return 1;
    for (long i = count - 1; i >= 0; --i)
        if (pthread_create(&ids[i], NULL, node, (void *) i) != 0)
            abort();
    pthread_join(ids[0], NULL);
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += table[i]; // NORACE
    printf("%ld\n", sum);
    free(table);
    free(ids);
    return 0;
}
