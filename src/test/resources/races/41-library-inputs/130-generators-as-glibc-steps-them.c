/* expect: racy */
/* issue 35, audit D50: the C library's hidden generators are computed as glibc computes them (weft.exec.Generators):
   random and rand from the state a process starts with (as if srandom(1) had run), srand and srandom reseeding it;
   lrand48, mrand48, drand48 from the 48-bit state (0 at first), srand48, seed48 (which hands back the state before)
   and lcong48 (a multiplier and addend of the program's, which nrand48 on the program's own state uses too). main
   writes the flag only when every value is glibc's (printed by this program built with gcc): the race with the
   worker is confirmed, which it could not be with any other sequence, and it replays. */
#include <pthread.h>
#include <stdlib.h>

int flag;

void *worker(void *arg) {
    flag = 1; // RACE!
    return arg;
}

int main(void) {
    long v[12];
    v[0] = random();
    v[1] = rand();
    srand(7);
    v[2] = rand();
    srandom(0xdeadbeef);
    v[3] = random();
    v[4] = lrand48();
    v[5] = mrand48();
    srand48(42);
    v[6] = lrand48();
    v[7] = mrand48();
    unsigned short s[3] = {1, 2, 3};
    unsigned short *o = seed48(s);
    v[8] = o[0] + o[1] * 7 + o[2] * 13;
    v[9] = lrand48();
    unsigned short p[7] = {5, 6, 7, 8, 9, 10, 11};
    lcong48(p);
    v[10] = lrand48();
    unsigned short q[3] = {3, 2, 1};
    v[11] = nrand48(q);
    double d = drand48();
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int glibc = v[0] == 1804289383 && v[1] == 846930886 && v[2] == 1045618677 && v[3] == 352217057 && v[4] == 0
        && v[5] == 4232237 && v[6] == 1598855263 && v[7] == 1471891643 && v[8] == 447764 && v[9] == 949179875
        && v[10] == 5242926 && v[11] == 1835029 && d > 0.0400851189 && d < 0.0400851190;
    if (glibc) flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
