/* Test driver of sequentialised programs (weft.bounded.seq.SequentialisedRunTest): runs the program's main (renamed
 * w_main) RUNS times in this process with random choices (seeds 1..RUNS), restoring the program's static data before
 * each run, and prints how many runs reached reach_error(). A failed __VERIFIER_assume ends a run without a race.
 * Inputs are small values (-4..11) a quarter of the time, so that races behind one input value are reached. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int w_main(void);
extern char __data_start[], _end[];
static jmp_buf w_env;
static int pick(void) { int r = rand(); return (r & 3) == 0 ? (r >> 2) % 16 - 4 : r; }
_Bool __VERIFIER_nondet_bool(void) { return (rand() & 7) == 0; }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned) pick(); }
int __VERIFIER_nondet_int(void) { return pick(); }
long __VERIFIER_nondet_long(void) { return pick(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long) pick(); }
char __VERIFIER_nondet_char(void) { return (char) pick(); }
void __VERIFIER_assume(int c) { if (!c) longjmp(w_env, 1); }
void reach_error(void) { longjmp(w_env, 2); }
int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 100;
    volatile int races = 0;
    size_t size = (size_t) (_end - __data_start);
    char *saved = malloc(size);
    memcpy(saved, __data_start, size);
    for (volatile int i = 0; i < runs; i++) {
        memcpy(__data_start, saved, size);
        srand(i + 1);
        switch (setjmp(w_env)) {
        case 0: w_main(); break;
        case 2: races++; break;
        default: break;
        }
    }
    printf("%d 0\n", races);
    return 0;
}
