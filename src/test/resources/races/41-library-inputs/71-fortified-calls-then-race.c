/* expect: racy */
/* issue 35: a worker builds a name with the _FORTIFY_SOURCE forms gcc calls in an optimised build (__strcpy_chk, __strcat_chk, __memcpy_chk into a member with the member's size, __printf_chk), each within its object, then sets a flag main sets unlocked; the explorer runs them as the plain functions after glibc's size checks and confirms the race. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern void *__memcpy_chk(void *, const void *, size_t, size_t);
extern char *__strcpy_chk(char *, const char *, size_t);
extern char *__strcat_chk(char *, const char *, size_t);
extern int __printf_chk(int, const char *, ...);

static int flag;
static struct { char name[4]; int id; } rec;

static void *worker(void *arg) {
    (void) arg;
    char buf[16];
    __strcpy_chk(buf, "re", sizeof buf);
    __strcat_chk(buf, "lay", sizeof buf);
    __memcpy_chk(rec.name, "ab", 3, sizeof rec.name);
    __printf_chk(1, "%s %s\n", buf, rec.name);
    if (strcmp(buf, "relay") == 0 && rec.name[1] == 'b')
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
