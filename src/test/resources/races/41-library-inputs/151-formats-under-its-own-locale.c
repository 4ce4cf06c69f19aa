/* expect: racy */
/* issue 35: a library thread that formats under the C locale whatever the process's is (weft.exec.CLocale):
   newlocale("C") is glibc's static C object (the same each time, also for 1 << LC_ALL), newlocale("POSIX") a new one,
   newlocale("") the environment's locale (taken to be C, recorded), a locale the world may lack fails with ENOENT
   (recorded); uselocale sets the thread's locale and returns the one before (LC_GLOBAL_LOCALE at first); duplocale of
   the C object is itself. The thread counts the
   reports it formats without a lock while main reads the count: confirmed, and the reproducer's newlocale wrapper
   gives the same answers back. */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int reports;

static void *reporter(void *arg) {
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c == (locale_t)0 || c != newlocale(1 << LC_ALL, "C", (locale_t)0) || duplocale(c) != c) return arg;
    locale_t posix = newlocale(LC_NUMERIC_MASK, "POSIX", (locale_t)0);
    if (posix == (locale_t)0 || posix == c) return arg;
    freelocale(posix);
    locale_t env = newlocale(LC_ALL_MASK, "", (locale_t)0);
    if (env == (locale_t)0) return arg;
    errno = 0;
    if (newlocale(LC_ALL_MASK, "xx_NOWHERE.UTF-8", (locale_t)0) != (locale_t)0 || errno != ENOENT) return arg;
    locale_t before = uselocale(env);
    if (before != LC_GLOBAL_LOCALE || uselocale((locale_t)0) != env) return arg;
    char text[32];
    snprintf(text, sizeof text, "%d items", 2500);
    if (strcmp(text, "2500 items") == 0) {
        reports++; // RACE!
    }
    uselocale(before);
    freelocale(env);
    freelocale(c);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reporter, NULL);
    int seen = reports; // RACE!
    pthread_join(t, NULL);
    return seen;
}
