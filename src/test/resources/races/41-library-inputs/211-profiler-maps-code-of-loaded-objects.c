/* expect: racy */
/* issue 35: a sampling profiler's setup thread asks the dynamic loader for the loaded objects (dl_iterate_phdr) and
   records the executable segments of each, the program's own and the shared libraries', in a table of code ranges;
   when it has found libc's code it publishes the count of ranges, which main reads while the thread runs, without a
   lock. The objects (names, load addresses, program headers) are the world's: inputs the witness records, which the
   reproducer hands to the callback. Confirmed and replayed. */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct range { unsigned long start, end; int library; };

static struct range ranges[64];
static int nranges;
static int published;

static int record_code(struct dl_phdr_info *info, size_t size, void *data) {
    int *found_libc = data;
    if (size < offsetof(struct dl_phdr_info, dlpi_adds)) return 1;
    for (int j = 0; j < info->dlpi_phnum && nranges < 64; j++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[j];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
        ranges[nranges].start = info->dlpi_addr + ph->p_vaddr;
        ranges[nranges].end = ranges[nranges].start + ph->p_memsz;
        ranges[nranges].library = info->dlpi_name[0] != '\0';
        nranges++;
    }
    if (strstr(info->dlpi_name, "libc.so") != NULL) *found_libc = 1;
    return 0;
}

static void *setup(void *arg) {
    int found_libc = 0;
    dl_iterate_phdr(record_code, &found_libc);
    if (found_libc)
        published = nranges; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    if (pthread_create(&t, NULL, setup, NULL) != 0) return 1;
    int seen = published; // RACE!
    pthread_join(t, NULL);
    printf("%d code ranges seen early, %d in all\n", seen, nranges);
    for (int i = 0; i < nranges; i++)
        printf("%#lx-%#lx%s\n", ranges[i].start, ranges[i].end, ranges[i].library ? " (library)" : "");
    return 0;
}
