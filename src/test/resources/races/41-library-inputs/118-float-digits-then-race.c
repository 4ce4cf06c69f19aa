/* expect: racy */
/* issue 35: number formatting of old code: ecvt and fcvt give digits in their static buffers (each its own, as
   glibc's) with the decimal point's place and the sign, gcvt writes its text into the caller's buffer, all computed
   by the installed glibc (weft.exec.ComputedCalls); behind those answers main counts beside a worker without a lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
int n;
void *w(void *a) {
    n++; // RACE!
    return a;
}
int check(void) {
    int pt, sg; char g[32];
    char *e = ecvt(3.14159, 4, &pt, &sg);
    int ok = strcmp(e, "3142") == 0 && pt == 1 && sg == 0;
    char *f = fcvt(-12.5, 2, &pt, &sg);
    ok = ok && strcmp(f, "1250") == 0 && pt == 2 && sg != 0;
    ok = ok && gcvt(0.000125, 3, g) == g && strcmp(g, "0.000125") == 0;
    return ok;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    if (check()) n++; // RACE!
    pthread_join(t, 0);
    return 0;
}
