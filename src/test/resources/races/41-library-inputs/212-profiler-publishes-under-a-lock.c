/* expect: race-free */
/* issue 35: 211's profiler, the count of code ranges published and read under a mutex: proved (the structure
   dl_iterate_phdr hands the callback is the library's, the table the setup thread's until it is joined). */
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
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

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
    if (found_libc) {
        pthread_mutex_lock(&lock);
        published = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return arg;
}

int main(void) {
    pthread_t t;
    if (pthread_create(&t, NULL, setup, NULL) != 0) return 1;
    pthread_mutex_lock(&lock);
    int seen = published; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("libc %sfound early, %d code ranges\n", seen ? "" : "not ", nranges);
    for (int i = 0; i < nranges; i++)
        printf("%#lx-%#lx%s\n", ranges[i].start, ranges[i].end, ranges[i].library ? " (library)" : "");
    return 0;
}
