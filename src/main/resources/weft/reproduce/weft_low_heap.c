/*
 * Weft reproducer: a heap below 2 GiB, for a program preprocessed for a 32-bit data model (ILP32) and replayed on
 * x86-64, where ThreadSanitizer runs (it has no 32-bit x86 support). Such code keeps pointers in 32-bit integers: CIL
 * compares (unsigned int)p with (unsigned int)0, an implicitly declared function returns an int. With glibc's or
 * TSan's allocator the heap lies above 4 GiB and a block whose address ends in 32 zero bits (TSan's first block of
 * a size class) is taken for NULL. Here the program's malloc, calloc, realloc and free (wrapped by the linker; the
 * binary is linked -no-pie, so its own data lies low too) take memory from mmap(MAP_32BIT): every such address fits
 * in 31 bits and survives a round trip through an int.
 *
 * The C library's own blocks (fopen's FILE, its buffers) still come from TSan's allocator, whose first block of each
 * size class lies at a region start with 32 zero low bits: before main, one block of every size class up to 1 MiB is
 * taken and kept, so no later one is at a region start (an ILP32 program's (unsigned int)fopen(...) is never 0).
 *
 * No happens-before of its own: each thread bumps a pointer in a 16 MiB chunk of its own (thread-local, no lock, no
 * atomic), a large block gets a mapping of its own, and free returns nothing (a replay is short). TSan watches this
 * memory as any other application memory (its x86-64 layout has shadow for the low 512 GiB).
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#define WEFT_LOW_CHUNK ((size_t)16 << 20)
#define WEFT_LOW_HEADER ((size_t)16)

static __thread char *low_top, *low_end;

static void *low_map(size_t n) {
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* a block of n bytes (16-byte aligned) after a header holding its size; NULL when low memory is exhausted */
static void *low_alloc(size_t n) {
    if (n > ((size_t)1 << 31)) return NULL;
    n = (n + 15) & ~(size_t)15;
    size_t need = n + WEFT_LOW_HEADER;
    char *h;
    if (need > WEFT_LOW_CHUNK / 4) {
        h = low_map(need);
    } else {
        if (low_top == NULL || (size_t)(low_end - low_top) < need) {
            low_top = low_map(WEFT_LOW_CHUNK);
            low_end = low_top == NULL ? NULL : low_top + WEFT_LOW_CHUNK;
        }
        h = low_top;
        if (h != NULL) low_top += need;
    }
    if (h == NULL) return NULL;
    *(size_t *)h = n;
    return h + WEFT_LOW_HEADER;
}

void *__wrap_malloc(size_t n) { return low_alloc(n); }

void *__wrap_calloc(size_t count, size_t size) {
    if (size != 0 && count > (size_t)-1 / size) return NULL;
    return low_alloc(count * size); /* fresh anonymous memory is zero */
}

void *__wrap_realloc(void *p, size_t n) {
    void *q = low_alloc(n);
    if (p != NULL && q != NULL) {
        size_t old = *(size_t *)((char *)p - WEFT_LOW_HEADER);
        memcpy(q, p, old < n ? old : n);
    }
    return q;
}

void __wrap_free(void *p) { (void)p; }

/* the string copies the C library allocates for the program, low as well */
char *__wrap_strdup(const char *s) {
    size_t n = strlen(s);
    char *d = low_alloc(n + 1);
    if (d != NULL) memcpy(d, s, n + 1);
    return d;
}

char *__wrap_strndup(const char *s, size_t max) {
    size_t n = strnlen(s, max);
    char *d = low_alloc(n + 1);
    if (d != NULL) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

void *__real_malloc(size_t);
__attribute__((constructor)) static void low_take_region_starts(void) {
    for (size_t n = 16; n <= ((size_t)1 << 20); n += n < 256 ? 16 : n / 8) (void)__real_malloc(n);
}
