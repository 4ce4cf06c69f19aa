package weft.soundness;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Accesses through a pointer an installed library hands back, for {@link ProgramGenerator} (issue 32: a function that
 * only an installed library's header declares, and no table lists, no longer makes every global reachable by external
 * code; what it returns may point only to what it was given). The object's address goes to glibc's {@code wmemchr},
 * declared by {@code <wchar.h>} and in none of Weft's tables, which searches the one-element array for the value it
 * holds and so returns that address; the access goes through the result. The object's address escapes only as the
 * argument: a pointer analysis that forgot arguments of installed functions would lose the access. The access keeps
 * the discipline of the statement it replaces (a hole elsewhere breaks it); the search reads the object under the same
 * discipline.
 */
final class LibraryForms {
    private LibraryForms() {}

    static final String INCLUDE = "#include <wchar.h>";

    /** The access {@code access} (a statement over its argument) to int lvalue {@code lv}, through {@code wmemchr}'s result. */
    static String access(List<String> decls, String lv, UnaryOperator<String> access) {
        if (!decls.contains(INCLUDE)) decls.add(0, INCLUDE);
        return "{ int *lp = (int *)wmemchr((const wchar_t *)&(" + lv + "), *(const wchar_t *)&(" + lv + "), 1); "
                + "if (lp) " + access.apply("*lp") + " }";
    }

    /**
     * Conditions that hold in glibc, computed by C library functions the explorer runs itself (issue 35:
     * {@code weft.exec.NumberParsing}, {@code strrchr}) or by gcc's builtins: an access behind one is made in every run, so an exploration
     * that computed one differently would skip an access that races (a hole's) and could answer a wrong {@code true}.
     */
    static final String[] GLIBC_TRUTHS = {
        "strtol(\"0x1f\", 0, 0) == 31", "atoi(\" -12z\") == -12", "strtoul(\"077\", 0, 0) == 63",
        "strtoll(\"-9223372036854775808\", 0, 10) < 0", "strrchr(\"a/b/c\", '/')[1] == 'c'",
        // the installed C library's strtod (weft.installed.CLibrary); gcc's byte swaps (audit D36: once the identity)
        // and bit builtins
        "strtod(\"0x1.8p1\", 0) == 3.0 && atof(\" -2.5e1z\") == -25.0 && strtof(\"1e-50\", 0) == 0.0f",
        "__builtin_bswap32(0x11223344u) == 0x44332211u && __builtin_bswap16(0x0102) == 0x0201 && __builtin_popcount(0xf0u) == 4 "
                + "&& __builtin_clz(1u) == 31 && __builtin_ctzll(8ull) == 3",
        "llabs(-5000000000LL) == 5000000000LL && strcoll(\"abc\", \"abd\") < 0",
        // strtold's numbers a double holds (audit D56: the interpreter holds no other long double)
        "strtold(\"0x1.8p1\", 0) == 3.0L && strtold(\" -2.5e1z\", 0) == -25.0L && (double) strtold(\"0.375\", 0) == 0.375",
        // lgammal where its value is a double's: 1 and 2, a pole (glibc's +inf)
        "lgammal(1.0L) == 0 && lgammal(2.0L) == 0.0L && isinf(lgammal(-3.0L)) && lgammal(-3.0L) > 0"
    };

    /**
     * Conditions that hold in glibc's C locale, computed by the string, character and address functions the explorer
     * runs itself (issue 35: {@code weft.exec.StringFunctions}), helpers over their own buffers and copies, and an
     * environment variable the oracle never sets (the search takes variables to be unset; proofs stop at getenv), and
     * so getdate's missing template file.
     */
    static final String[] STRING_TRUTHS = {
        "strstr(\"relay host\", \"st\")[2] == 0", "strcasecmp(\"Relay\", \"rELAY\") == 0 && strncasecmp(\"ab\", \"AC\", 2) < 0",
        "isdigit('7') && !isalpha('7') && isspace('\\t') && ispunct('!')", "inet_addr(\"10.0.0.010\") == htonl(0x0a000008)",
        "inet_addr(\"1.2.3.08\") == INADDR_NONE", "tolower('Q') == 'q' && toupper(-1) == -1", "wy_str_ok()", "wy_dup_ok()",
        "getenv(\"WY_NEVER_SET\") == NULL", "wy_loop_ok()", "wy_addr_ok()", "wy_limit_ok()", "wy_freed_ok()", "wy_zlib_ok()", "wy_sized_ok()", "wy_strinit_ok()", "wy_scan_ok()",
        "wy_tok_ok()", "wy_lit_ok()", "wy_math_ok()", "wy_path_ok()", "wy_pton_ok()", "wy_swap_ok()", "wy_sig_ok()", "wy_sys_ok()",
        "wy_stdio_ok()", "wy_host_ok()", "wy_chk_ok()", "wy_acct_ok()", "wy_r48_ok()", "wy_sock_ok()", "wy_attr_ok()", "wy_computed_ok()", "wy_pipe_ok()",
        "wy_oldstat_ok()", "wy_dir_ok()", "wy_kill_ok()", "wy_rand_ok()", "wy_kept_ok()", "wy_fs_ok()", "wy_tls_ok()", "wy_posix_ok()",
        "wy_cp_ok()", "wy_watch_ok()", "wy_symbol_ok()", "wy_date_ok()", "wy_reopen_ok()", "wy_tree_ok()", "wy_scandir_ok()", "wy_timer_ok()", "wy_gzhead_ok()", "wy_gzread_ok()", "wy_memstream_ok()",
        "wy_getattr_ok()", "wy_ld_ok()", "wy_infback_ok()", "wy_phdr_ok()"
    };
    /** glibc's 48-bit generators on the program's state (issue 35: weft.exec.Generators): values and states. */
    static final String R48_HELPER = "static int wy_r48_ok(void) { unsigned short y[3] = {1, 2, 3}; double e = erand48(y); "
            + "long j = jrand48(y); unsigned short x[3] = {0x330e, 0xabcd, 0x1234}; return e == 0.44199632268870914 "
            + "&& j == 1130126687 && y[0] == 0xf123 && y[2] == 0x435c && nrand48(x) == 851401618 && x[1] == 0xb725; }";
    /**
     * The user and group databases (issue 35: weft.exec.Accounts): an entry asked for by id has that id, in the real
     * databases and in the world's answers the search takes (proofs stop there); the reentrant forms point *result at
     * the caller's entry or at nothing; an enumerated entry has a name.
     */
    static final String ACCT_HELPER = "static int wy_acct_ok(void) { struct passwd *p = getpwuid(0); int ok = p == NULL || p->pw_uid == 0; "
            + "struct group *g = getgrgid(0); ok = ok && (g == NULL || g->gr_gid == 0); struct passwd pw, *pr = &pw; struct group gr, *gp = &gr; "
            + "char b[1024]; ok = ok && getpwuid_r(0, &pw, b, sizeof b, &pr) == 0 && (pr == NULL || (pr == &pw && pw.pw_uid == 0)) "
            + "&& getgrgid_r(0, &gr, b, sizeof b, &gp) == 0 && (gp == NULL || (gp == &gr && gr.gr_gid == 0 && gr.gr_mem != NULL)); "
            + "setpwent(); struct passwd *e = getpwent(); ok = ok && (e == NULL || e->pw_name[0] != 0); endpwent(); return ok; }";
    /**
     * The _FORTIFY_SOURCE forms gcc calls in optimised builds (issue 35: weft.exec.Fortify), each within the size it is
     * given (a member's for the copy into it): they run as the plain functions.
     */
    static final String CHK_HELPER = "extern void *__memcpy_chk(void *, const void *, size_t, size_t); "
            + "extern void *__memset_chk(void *, int, size_t, size_t); extern char *__strcpy_chk(char *, const char *, size_t); "
            + "extern char *__strcat_chk(char *, const char *, size_t); static int wy_chk_ok(void) { char b[8]; "
            + "struct { char n[3]; char m; } r; __memset_chk(&r, 0, sizeof r, sizeof r); __strcpy_chk(b, \"ab\", sizeof b); "
            + "__strcat_chk(b, \"cd\", sizeof b); __memcpy_chk(r.n, \"xyz\", 3, sizeof r.n); "
            + "return strcmp(b, \"abcd\") == 0 && r.n[2] == 'z' && r.m == 0; }";
    /**
     * glibc's older stat entry points with x86-64's layout version (issue 35: weft.exec.WorldFiles; what CIL-merged
     * programs call): whatever the world answers, a success fills the members the layout puts where they are (a link
     * count and a kind where the bytes were all ones before); read's fortified form within its size reads a pipe's
     * bytes (weft.exec.Fortify, weft.exec.Pipes).
     */
    static final String OLDSTAT_HELPER = "extern int __xstat(int, const char *, struct stat *); extern int __lxstat(int, const char *, struct stat *); "
            + "extern ssize_t __read_chk(int, void *, size_t, size_t); static int wy_oldstat_ok(void) { struct stat a, b; "
            + "memset(&a, 0xff, sizeof a); memset(&b, 0xff, sizeof b); "
            + "int ok = (__xstat(1, \".\", &a) == -1 || (a.st_nlink >= 1 && a.st_nlink < 100000 && (a.st_mode & S_IFMT) != 0 && a.st_size >= 0)) "
            + "&& (__lxstat(1, \".\", &b) == -1 || (b.st_mode & S_IFMT) != 0); int p[2]; if (pipe(p) != 0) return ok; char c[4] = {0}; "
            + "ok = ok && write(p[1], \"hi\", 2) == 2 && __read_chk(p[0], c, 2, sizeof c) == 2 && c[1] == 'i'; close(p[0]); close(p[1]); return ok; }";
    /**
     * The descriptor-relative calls and a directory stream's position (issue 35: weft.exec.WorldFiles,
     * weft.exec.Directories): whatever the world answers, fstatat fills the layout and openat gives a descriptor past
     * the standard ones; a stream starts at position 0, readdir_r points *result at the caller's entry or at nothing,
     * rewinddir goes back to 0 and seekdir to a position telldir gave.
     */
    static final String DIR_HELPER = "static int wy_dir_ok(void) { struct stat s; memset(&s, 0xff, sizeof s); "
            + "int ok = fstatat(AT_FDCWD, \".\", &s, AT_SYMLINK_NOFOLLOW) == -1 || (s.st_nlink >= 1 && s.st_nlink < 100000); "
            + "int fd = openat(AT_FDCWD, \".\", O_RDONLY); ok = ok && (fd == -1 || fd > 2); if (fd >= 0) close(fd); "
            + "DIR *d = opendir(\".\"); if (d == NULL) return ok; struct dirent e, *r = &e; "
            + "ok = ok && telldir(d) == 0 && readdir_r(d, &e, &r) == 0 && (r == NULL || r == &e); long b = telldir(d); rewinddir(d); "
            + "ok = ok && telldir(d) == 0; seekdir(d, b); ok = ok && telldir(d) == b; closedir(d); return ok; }";
    /**
     * Signals the program sends itself (issue 35: weft.exec.SignalSets#send): signal 0 to its own pid, signals whose
     * default action does nothing through raise and pthread_kill, and EINVAL for a number outside 0..64 (kill's -1 and
     * errno, pthread_kill's error number). Never killpg: the oracle's real run would signal the harness's whole group.
     */
    static final String KILL_HELPER = "static int wy_kill_ok(void) { int ok = kill(getpid(), 0) == 0 && raise(SIGWINCH) == 0 "
            + "&& pthread_kill(pthread_self(), SIGCHLD) == 0 && pthread_kill(pthread_self(), 99) == EINVAL; "
            + "return ok && kill(getpid(), 65) == -1 && errno == EINVAL; }";
    /**
     * The hidden generators are glibc's deterministic ones (audit D50: their values were once inputs, and a run that
     * chose rand() == 0 after srand(1) confirmed races no execution reaches): a seed gives the same sequence again,
     * glibc's first values of srand(1) and srand48(42).
     */
    static final String RAND_HELPER = "static int wy_rand_ok(void) { srand(3); int a = rand(); long b = random(); srand(3); "
            + "int ok = rand() == a && random() == b; srand(1); ok = ok && rand() == 1804289383; srand48(42); "
            + "return ok && lrand48() == 1598855263L && mrand48() == 1471891643L; }";
    /**
     * What a process keeps of the world's answers (audit D51: weft.exec.WorldKept): its id, its thread's, its user's and
     * the page size stay the same, a thread's id is the process's only in the main thread (here: the same both ways),
     * the monotonic clock and the CPU clock never go back.
     */
    static final String KEPT_HELPER = "static int wy_kept_ok(void) { struct timespec a, b; clock_t c = clock(); "
            + "clock_gettime(CLOCK_MONOTONIC, &a); int ok = getpid() == getpid() && gettid() == gettid() && getuid() == getuid() "
            + "&& sysconf(_SC_PAGESIZE) == sysconf(_SC_PAGESIZE) && (gettid() == getpid()) == (gettid() == getpid()); "
            + "clock_gettime(CLOCK_MONOTONIC, &b); return ok && clock() >= c "
            + "&& (b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec >= a.tv_nsec)); }";
    /**
     * A file system's numbers (issue 35: weft.exec.FileSystems): whatever the world answers, the blocks free to the
     * program are at most the free ones, which are at most all, the free files at most all, and names may be long.
     */
    static final String FS_HELPER = "static int wy_fs_ok(void) { struct statvfs v; if (statvfs(\".\", &v) != 0) return 1; "
            + "return v.f_bavail <= v.f_bfree && v.f_bfree <= v.f_blocks && v.f_ffree <= v.f_files && v.f_namemax > 0; }";
    /**
     * gethostbyname of a numeric name (issue 35: weft.exec.Addresses), which glibc answers without a resolver: the
     * name itself, one address as inet_aton reads it, no aliases (proofs stop there: the resolver is the world's).
     */
    static final String HOST_HELPER = "static int wy_host_ok(void) { struct hostent *h = gethostbyname(\"127.0.0.1\"); "
            + "return h != NULL && h->h_length == 4 && ((unsigned char *)h->h_addr_list[0])[3] == 1 && h->h_addr_list[1] == NULL "
            + "&& h->h_aliases[0] == NULL && strcmp(h->h_name, \"127.0.0.1\") == 0; }";
    /**
     * A stream's indicators and buffering (issue 35: weft.exec.Streams): nothing read after clearerr (no end of file,
     * no error on the standard input), setvbuf refusing a mode none of the three and taking an unbuffered one, a
     * character ungetc pushed back read first.
     */
    static final String STDIO_HELPER = "static int wy_stdio_ok(void) { clearerr(stdin); return !feof(stdin) && !ferror(stdin) "
            + "&& setvbuf(stdout, NULL, 7, 0) != 0 && setvbuf(stderr, NULL, _IONBF, 0) == 0 && ungetc('q', stdin) == 'q' && getchar() == 'q' "
            + "&& ungetc(EOF, stdin) == EOF; }";
    /**
     * The system's names, world answers (issue 35: weft.exec.Resources): what holds on every Linux system, where the
     * TSan oracle runs and in the answer the witness search takes (proofs stop there); a variable the program sets is
     * what it set, until it unsets it (weft.exec.Environment); a shell exists, popen refuses a mode, a process without
     * children has none to wait for (weft.exec.Processes).
     */
    static final String SYS_HELPER = "static int wy_sys_ok(void) { char h[64], d[512]; struct utsname u; "
            + "return gethostname(h, sizeof h) == 0 && uname(&u) == 0 && strcmp(u.sysname, \"Linux\") == 0 "
            + "&& getcwd(d, sizeof d) != NULL && d[0] == '/' && setenv(\"WY_SET\", \"1\", 1) == 0 && setenv(\"WY_SET\", \"2\", 0) == 0 "
            + "&& getenv(\"WY_SET\")[0] == '1' && unsetenv(\"WY_SET\") == 0 && getenv(\"WY_SET\") == NULL && setenv(\"\", \"x\", 1) == -1 "
            + "&& system(NULL) != 0 && popen(\"true\", \"r+\") == NULL && errno == EINVAL && waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD; }";
    /**
     * A socket's reads and writes, world answers (issue 35: weft.exec.WorldFiles): a socket that is not connected, in the
     * TSan oracle's run; in the witness search, any answer the models allow. Whatever the answer, recv and send return
     * at most what they were asked for (or -1), and lseek refuses a socket with ESPIPE.
     */
    static final String SOCK_HELPER = "static int wy_sock_ok(void) { int s = socket(AF_INET, SOCK_STREAM, 0); if (s < 0) return 1; "
            + "char b[8]; ssize_t n = recv(s, b, sizeof b, MSG_DONTWAIT); ssize_t m = send(s, \"ok\", 2, MSG_NOSIGNAL); "
            + "int ok = n >= -1 && n <= 8 && m >= -1 && m <= 2 && lseek(s, 0, SEEK_SET) == -1 && errno == ESPIPE; close(s); "
            // bind keeps the address, its port 0 the one the kernel chose, and getsockname answers it; no loader error
            + "int t = socket(AF_INET, SOCK_STREAM, 0); if (t < 0) return ok; struct sockaddr_in a, g; memset(&a, 0, sizeof a); "
            + "a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); socklen_t l = sizeof g; "
            + "if (bind(t, (struct sockaddr *) &a, sizeof a) == 0) ok = ok && getsockname(t, (struct sockaddr *) &g, &l) == 0 && l == sizeof g "
            + "&& g.sin_family == AF_INET && g.sin_addr.s_addr == htonl(INADDR_LOOPBACK) && g.sin_port != 0; close(t); return ok && dlerror() == NULL; }";
    /**
     * An inotify instance (issue 35: weft.exec.EventLoop): a watch of the root directory's own deletion, which never
     * comes, is a watch descriptor from 1 or a failure, and a non-blocking read finds no event (EAGAIN); so does poll.
     */
    static final String WATCH_HELPER = "static int wy_watch_ok(void) { int fd = inotify_init1(IN_NONBLOCK); if (fd < 0) return 1; "
            + "int w = inotify_add_watch(fd, \"/\", IN_DELETE_SELF); char b[4096]; struct pollfd p = {fd, POLLIN, 0}; "
            + "int ok = (w >= 1 || w == -1) && read(fd, b, sizeof b) == -1 && errno == EAGAIN && poll(&p, 1, 0) == 0; close(fd); return ok; }";
    /**
     * getdate without a template file (issue 35: weft.exec.Environment): DATEMSK, which the oracle never sets, unset
     * (error 1) or naming a file that is not there (3): null, and getdate_err set.
     */
    /**
     * glibc's binary tree (issue 35: weft.exec.Trees): keys inserted (a duplicate found, not added), one deleted, one
     * found and the deleted one not, the root's key, and a checksum of twalk's visits (keys, VISIT values, depths) that
     * only glibc's red-black shapes give; the checksum is the thread's own (twalk's action has no argument).
     */
    static final String TREE_HELPER = "static int wy_tree_cmp(const void *a, const void *b) { return *(const int *) a - *(const int *) b; } "
            + "static __thread unsigned wy_tree_sum; static void wy_tree_visit(const void *n, VISIT v, int d) { "
            + "wy_tree_sum = wy_tree_sum * 7 + (unsigned) (**(int *const *) n * 3 + (int) v + d); } static void wy_tree_keep(void *k) { (void) k; } "
            + "static int wy_tree_ok(void) { static const int k[] = {5, 2, 8, 1, 9, 3, 7, 2, 6}; void *r = NULL; "
            + "for (int i = 0; i < 9; i++) tsearch(&k[i], &r, wy_tree_cmp); int g = 8, f = 3; tdelete(&g, &r, wy_tree_cmp); "
            + "int ok = tfind(&f, &r, wy_tree_cmp) != NULL && tfind(&g, &r, wy_tree_cmp) == NULL && **(int **) r == 5; "
            + "wy_tree_sum = 0; twalk(r, wy_tree_visit); ok = ok && wy_tree_sum == 795362776u; tdestroy(r, wy_tree_keep); return ok; }";
    /**
     * A directory listed by scandir (issue 35: weft.exec.DirectoryScans): the filter's choice kept (no name starting with
     * a dot), the list in alphasort's order, each entry and the list freed; a directory that does not open answers -1.
     */
    static final String SCANDIR_HELPER = "static int wy_sd_keep(const struct dirent *d) { return d->d_name[0] != '.'; } "
            + "static int wy_scandir_ok(void) { struct dirent **l; int n = scandir(\"/\", &l, wy_sd_keep, alphasort); if (n < 0) return 1; "
            + "int ok = 1; for (int i = 0; i < n; i++) ok = ok && l[i]->d_name[0] != '.' && (i == 0 || strcmp(l[i - 1]->d_name, l[i]->d_name) <= 0); "
            + "for (int i = 0; i < n; i++) free(l[i]); free(l); return ok; }";
    /**
     * The real-time interval timer (issue 35: weft.exec.IntervalTimers), never armed here (a generated program's sleeps
     * stay free to pass time): no alarm to cancel, a disarmed timer reads zero, a microsecond of a million and an
     * unknown timer are EINVAL.
     */
    static final String TIMER_HELPER = "static int wy_timer_ok(void) { struct itimerval v, o, bad = {{0, 0}, {0, 1000000}}; "
            + "return alarm(0) == 0 && getitimer(ITIMER_REAL, &v) == 0 && v.it_value.tv_sec == 0 && v.it_value.tv_usec == 0 "
            + "&& setitimer(ITIMER_REAL, &bad, &o) == -1 && errno == EINVAL && setitimer(5, &v, NULL) == -1 && errno == EINVAL; }";
    /**
     * A gzip member written with a header of the program's (issue 35: weft.exec.ZlibCalls, deflateSetHeader): zlib puts
     * the name's flag, the name and the operating system into the header it writes.
     */
    static final String GZHEAD_HELPER = "static int wy_gzhead_ok(void) { unsigned char in[] = \"abcabcabc\", out[128]; z_stream s; "
            + "memset(&s, 0, sizeof s); gz_header h; memset(&h, 0, sizeof h); h.name = (Bytef *) \"n\"; h.os = 3; "
            + "if (deflateInit2(&s, 1, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0; int ok = deflateSetHeader(&s, &h) == Z_OK; "
            + "s.next_in = in; s.avail_in = 9; s.next_out = out; s.avail_out = sizeof out; "
            + "ok = ok && deflate(&s, Z_FINISH) == Z_STREAM_END && (out[3] & 8) && out[10] == 'n' && out[11] == 0 && out[9] == 3; "
            + "deflateEnd(&s); return ok; }";
    /**
     * A gzip member's header read back (issue 35: weft.exec.GzipHeaders, inflateGetHeader): zlib writes the name (cut
     * at the buffer's limit), the operating system, no extra field (a null pointer) and done.
     */
    static final String GZREAD_HELPER = "static int wy_gzread_ok(void) { static const unsigned char gz[] = {0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 0, 3, "
            + "'a', 'b', 'c', 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}; unsigned char out[8], nm[2] = {9, 9}, x[1]; z_stream s; memset(&s, 0, sizeof s); "
            + "gz_header h; memset(&h, 0, sizeof h); h.name = nm; h.name_max = 2; h.extra = x; "
            + "if (inflateInit2(&s, 31) != Z_OK) return 0; int ok = inflateGetHeader(&s, &h) == Z_OK; s.next_in = (unsigned char *) gz; "
            + "s.avail_in = sizeof gz; s.next_out = out; s.avail_out = sizeof out; ok = ok && inflate(&s, Z_FINISH) == Z_STREAM_END "
            + "&& h.done == 1 && h.os == 3 && nm[0] == 'a' && nm[1] == 'b' && h.extra == NULL && h.comment == NULL; inflateEnd(&s); return ok; }";
    /**
     * Streams on memory (issue 35: weft.exec.MemoryStreams): open_memstream's text and length handed over at fflush and
     * fclose; fmemopen's output held until fclose, which writes the null over the last byte of a full buffer; a line, a
     * byte and a short block read back, the end met.
     */
    static final String MEMSTREAM_HELPER = "static int wy_memstream_ok(void) { char *t = NULL; size_t n = 0; FILE *m = open_memstream(&t, &n); "
            + "if (m == NULL) return 0; int ok = fprintf(m, \"%d:%s\", 7, \"ab\") == 4 && fputc('c', m) == 'c' && fflush(m) == 0 && n == 5 "
            + "&& strcmp(t, \"7:abc\") == 0; ok = fclose(m) == 0 && ok && n == 5 && t[5] == 0; free(t); char b[6] = \"xxxxx\", l[8]; "
            + "FILE *f = fmemopen(b, sizeof b, \"w\"); ok = ok && f != NULL && fputs(\"hello!\", f) == 1 && b[0] == 'x' && fclose(f) == 0 "
            + "&& strcmp(b, \"hello\") == 0; char in[] = \"1\\n22\"; FILE *r = fmemopen(in, 4, \"r\"); ok = ok && r != NULL "
            + "&& fgets(l, sizeof l, r) == l && strcmp(l, \"1\\n\") == 0 && fgetc(r) == '2' && fread(l, 1, 4, r) == 1 && l[0] == '2' "
            + "&& feof(r); if (r != NULL) fclose(r); return ok; }";
    static final String DATE_HELPER = "static int wy_date_ok(void) { return getdate(\"12:00\") == NULL && getdate_err >= 1; }";
    /**
     * The standard input reopened on {@code /dev/null} (issue 35: weft.exec.Streams, the daemon's idiom): the same
     * stream back, an empty file from then on (the oracle's standard input is empty too).
     */
    static final String REOPEN_HELPER = "static int wy_reopen_ok(void) { return freopen(\"/dev/null\", \"r\", stdin) == stdin "
            + "&& getchar() == EOF && feof(stdin); }";
    /**
     * A function of the C library found by name (issue 35: weft.exec.ComputedCalls): dlsym of RTLD_DEFAULT (null) and
     * RTLD_NEXT ((void *) -1) answer glibc's own strlen and strchr, and dlvsym of the base version finds strlen; no
     * loader error is left. (Not compared: ThreadSanitizer's build answers dlsym with its interceptor, dlvsym with
     * glibc's function.)
     */
    static final String SYMBOL_HELPER = "extern void *dlvsym(void *, const char *, const char *); static int wy_symbol_ok(void) { size_t (*f)(const char *) = (size_t (*)(const char *)) dlsym((void *) 0, \"strlen\"); "
            + "char *(*g)(const char *, int) = (char *(*)(const char *, int)) dlsym((void *) -1l, \"strchr\"); "
            + "return f != NULL && f(\"abc\") == 3 && g != NULL && g(\"a/b\", '/')[1] == 'b' "
            + "&& dlvsym((void *) 0, \"strlen\", \"GLIBC_2.2.5\") != NULL && dlerror() == NULL; }";
    /**
     * A pipe's and a socket pair's bytes are the program's own (issue 35: weft.exec.Pipes): what was written, in order
     * and cut where the reads ask; EAGAIN when empty and non-blocking, 0 once every writer (a duplicate too) is closed;
     * fcntl's status flags shared by a duplicate; EPIPE for a send with no reader; ioctl's count of pending bytes.
     */
    static final String PIPE_HELPER = "static int wy_pipe_ok(void) { int p[2], q = -1; if (pipe2(p, O_NONBLOCK) != 0) return 1; char b[8] = {0}; "
            + "int ok = read(p[0], b, 8) == -1 && errno == EAGAIN && write(p[1], \"abc\", 3) == 3 && write(p[1], \"de\", 2) == 2 "
            + "&& ioctl(p[0], FIONREAD, &q) == 0 && q == 5 "
            + "&& read(p[0], b, 4) == 4 && b[3] == 'd' && read(p[0], b, 8) == 1 && b[0] == 'e'; "
            + "int d = dup(p[1]); ok = ok && d > 2 && (fcntl(p[0], F_GETFL) & O_NONBLOCK) && fcntl(d, F_GETFL) == (O_WRONLY | O_NONBLOCK) "
            + "&& fcntl(d, F_GETFD) == 0 && fcntl(p[1], F_SETFL, 0) == 0 && fcntl(d, F_GETFL) == O_WRONLY; "
            + "close(p[1]); ok = ok && read(p[0], b, 1) == -1 && errno == EAGAIN; close(d); ok = ok && read(p[0], b, 1) == 0; close(p[0]); "
            + "int s[2]; if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0) return ok; "
            + "ok = ok && fcntl(s[0], F_GETFL) == O_RDWR && send(s[0], \"xy\", 2, MSG_NOSIGNAL) == 2 && write(s[1], \"z\", 1) == 1 "
            + "&& recv(s[1], b, 8, MSG_DONTWAIT) == 2 && b[1] == 'y' && recv(s[1], b, 8, MSG_DONTWAIT) == -1 && errno == EAGAIN "
            + "&& read(s[0], b, 8) == 1 && b[0] == 'z'; close(s[1]); ok = ok && send(s[0], \"y\", 1, MSG_NOSIGNAL) == -1 && errno == EPIPE; "
            + "close(s[0]); return ok; }";
    /**
     * glibc's attribute setters check their argument (audit D48: the model once took each to return 0): the process
     * scope refused with ENOTSUP, a policy, a protocol and a condition clock out of range with EINVAL, the system scope
     * and a valid policy accepted; the getters answer what was set (issue 35: weft.exec.Attributes, glibc's layout):
     * the policy, a priority refused for it, the default guard size, the detach state, a mutex type beside the robust
     * flag, a condition's clock.
     */
    static final String ATTR_HELPER = "static int wy_attr_ok(void) { pthread_attr_t a; pthread_mutexattr_t m; pthread_condattr_t c; "
            + "pthread_attr_init(&a); pthread_mutexattr_init(&m); pthread_condattr_init(&c); "
            + "int ok = pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS) == ENOTSUP && pthread_attr_setschedpolicy(&a, 7) == EINVAL "
            + "&& pthread_mutexattr_setprotocol(&m, 3) == EINVAL && pthread_condattr_setclock(&c, 2) == EINVAL "
            + "&& pthread_attr_setscope(&a, PTHREAD_SCOPE_SYSTEM) == 0 && pthread_attr_setschedpolicy(&a, SCHED_RR) == 0; "
            + "int v = -1; size_t g = 0; struct sched_param sp = {0}; ok = ok && pthread_attr_getschedpolicy(&a, &v) == 0 && v == SCHED_RR "
            + "&& pthread_attr_setschedparam(&a, &sp) == EINVAL && pthread_attr_getguardsize(&a, &g) == 0 && g == 4096 "
            + "&& pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED) == 0 && pthread_attr_getdetachstate(&a, &v) == 0 && v == 1 "
            + "&& pthread_mutexattr_setrobust(&m, 1) == 0 && pthread_mutexattr_settype(&m, 2) == 0 && pthread_mutexattr_gettype(&m, &v) == 0 "
            + "&& v == 2 && pthread_condattr_setclock(&c, 1) == 0 && pthread_condattr_getclock(&c, (clockid_t *) &v) == 0 && v == 1; "
            + "pthread_condattr_destroy(&c); pthread_mutexattr_destroy(&m); pthread_attr_destroy(&a); return ok; }";
    /**
     * The loaded objects (issue 35: weft.exec.LoadedObjects): dl_iterate_phdr hands its callback the program itself
     * first (named ""), each object with glibc's structure size, a name and its program headers; a callback's non-zero
     * result ends the walk and is its result (the second object's here, when there is one: natively there is, the vDSO
     * or libc).
     */
    static final String PHDR_HELPER = "static int wy_phdr_cb(struct dl_phdr_info *i, size_t size, void *d) { int *n = d; "
            + "if (size != sizeof *i || i->dlpi_name == NULL || (*n == 0) != (i->dlpi_name[0] == 0) || (i->dlpi_phnum > 0 && i->dlpi_phdr == NULL)) return -1; "
            + "for (int j = 0; j < i->dlpi_phnum; j++) if (i->dlpi_phdr[j].p_align != 0 && (i->dlpi_phdr[j].p_align & (i->dlpi_phdr[j].p_align - 1)) != 0) return -1; "
            + "return ++*n == 2 ? 7 : 0; } "
            + "static int wy_phdr_ok(void) { int n = 0; int r = dl_iterate_phdr(wy_phdr_cb, &n); return r == 7 ? n == 2 : r == 0 && n == 1; }";
    /**
     * zlib's callback decompressor (issue 35: weft.exec.InflateBacks): a raw deflate stream packed by deflate, fed to
     * inflateBack in pieces of 3 bytes, comes out whole through one output call, after one input call per piece and one
     * that meets the end (zlib asks again only when it ran dry).
     */
    static final String INFBACK_HELPER = "static unsigned char wy_ib_z[128]; static unsigned wy_ib_n, wy_ib_at, wy_ib_ins; static unsigned char wy_ib_out[64]; "
            + "static unsigned wy_ib_len; static unsigned wy_ib_in(void *d, unsigned char **b) { (void) d; wy_ib_ins++; "
            + "if (wy_ib_at >= wy_ib_n) return 0; unsigned k = wy_ib_n - wy_ib_at < 3 ? wy_ib_n - wy_ib_at : 3; *b = wy_ib_z + wy_ib_at; wy_ib_at += k; return k; } "
            + "static int wy_ib_put(void *d, unsigned char *b, unsigned n) { (void) d; if (wy_ib_len + n > sizeof wy_ib_out) return 1; "
            + "memcpy(wy_ib_out + wy_ib_len, b, n); wy_ib_len += n; return 0; } "
            + "static int wy_infback_ok(void) { static unsigned char w[1 << 15]; const char *t = \"relay relay relay\"; z_stream c; memset(&c, 0, sizeof c); "
            + "if (deflateInit2(&c, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0; c.next_in = (unsigned char *) t; c.avail_in = 17; "
            + "c.next_out = wy_ib_z; c.avail_out = sizeof wy_ib_z; deflate(&c, Z_FINISH); wy_ib_n = sizeof wy_ib_z - c.avail_out; deflateEnd(&c); "
            + "z_stream s; memset(&s, 0, sizeof s); if (inflateBackInit(&s, 15, w) != Z_OK) return 0; s.next_in = Z_NULL; s.avail_in = 0; "
            + "int r = inflateBack(&s, wy_ib_in, 0, wy_ib_put, 0); inflateBackEnd(&s); "
            + "return r == Z_STREAM_END && wy_ib_len == 17 && memcmp(wy_ib_out, t, 17) == 0 && wy_ib_ins == (wy_ib_n + 2) / 3; }";
    /** long double values a double holds, through memory (audit D56: x87's 80-bit format, weft.exec.state.Extended). */
    static final String LD_HELPER = "static int wy_ld_ok(void) { long double v[2]; char *e; v[0] = strtold(\"  6.25e-1 s\", &e); v[1] = v[0]; "
            + "return *e == ' ' && v[1] == 0.625L && (double) v[1] == 0.625 && (float) v[0] == 0.625f; }";
    /**
     * A thread's own attributes (issue 35: weft.exec.Attributes#ofThread): glibc's pthread_getattr_np fills them from
     * the thread's descriptor (a thread created with the default attributes: joinable or detached, inheriting its
     * creator's scheduling, SCHED_OTHER and 0, the system scope, a guard of a page; its stack's size the world's, at
     * least the minimum), or fails with ENOMEM; the attributes copy into a new thread's creation and give it the same.
     */
    static final String GETATTR_HELPER = "static int wy_getattr_ok(void) { pthread_attr_t a; int r = pthread_getattr_np(pthread_self(), &a); "
            + "if (r != 0) return r == ENOMEM; int d = -1, i = -1, sc = -1, p = -1; struct sched_param sp = {1}; size_t g = 0, z = 0; "
            + "int ok = pthread_attr_getdetachstate(&a, &d) == 0 && (d == PTHREAD_CREATE_JOINABLE || d == PTHREAD_CREATE_DETACHED) "
            + "&& pthread_attr_getinheritsched(&a, &i) == 0 && i == PTHREAD_INHERIT_SCHED && pthread_attr_getscope(&a, &sc) == 0 "
            + "&& sc == PTHREAD_SCOPE_SYSTEM && pthread_attr_getschedpolicy(&a, &p) == 0 && p == SCHED_OTHER "
            + "&& pthread_attr_getschedparam(&a, &sp) == 0 && sp.sched_priority == 0 && pthread_attr_getguardsize(&a, &g) == 0 && g == 4096 "
            + "&& pthread_attr_getstacksize(&a, &z) == 0 && z >= 16384; pthread_attr_destroy(&a); return ok; }";
    /**
     * Functions the explorer computes as glibc does (issue 35: weft.exec.Sorts, WideStrings, ComputedCalls): a sort and
     * searches (binary, linear, lsearch's append) through the program's comparator, wide strings (of 4-byte units), div's truncation, strxfrm in the C
     * locale, strverscmp's version order, inet_network's number, the C locale's multibyte conversions (weft.exec.Multibytes:
     * ASCII, one byte each, 128 and up EILSEQ), the C locale's nl_langinfo strings and localeconv structure (weft.exec.CLocale), a64l, l64a, fnmatch, ecvt.
     */
    static final String COMPUTED_HELPER = "static int wy_cmp_int(const void *a, const void *b) { return *(const int *) a - *(const int *) b; } "
            + "static int wy_lsearch_ok(void) { int u[3] = {4, 5, 0}, q = 9; size_t n = 2; "
            + "return lsearch(&q, u, &n, sizeof u[0], wy_cmp_int) == &u[2] && n == 3 && u[2] == 9 && lsearch(&q, u, &n, sizeof u[0], wy_cmp_int) == &u[2] && n == 3; } "
            + "static int wy_computed_ok(void) { wchar_t a[4] = {L'a', L'b', 0, L'z'}, b[4]; wcscpy(b, a); div_t d = div(7, -2); "
            + "char r[4]; int s[3] = {3, 1, 2}, k = 2; qsort(s, 3, sizeof s[0], wy_cmp_int); "
            + "return wcslen(b) == 2 && wcscmp(a, b) == 0 && wcschr(a, L'b') == a + 1 && d.quot == -3 && d.rem == 1 "
            + "&& strxfrm(r, \"ab\", 4) == 2 && r[1] == 'b' && strverscmp(\"a9\", \"a10\") < 0 && inet_network(\"1.2\") == 0x102 "
            + "&& s[0] == 1 && s[2] == 3 && bsearch(&k, s, 3, sizeof s[0], wy_cmp_int) == &s[1] "
            + "&& lfind(&k, s, &(size_t) {3}, sizeof s[0], wy_cmp_int) == &s[1] && wy_lsearch_ok() "
            + "&& mbtowc(b, \"A\", 1) == 1 && b[0] == L'A' && mblen(\"\\x80\", 1) == -1 && wctomb(r, 0x100) == -1 && wctomb(r, L'q') == 1 "
            + "&& r[0] == 'q' && mbstowcs(b, \"xy\", 4) == 2 && b[2] == 0 && wcstombs(r, a, 4) == 2 && r[1] == 'b' "
            + "&& strcmp(nl_langinfo(DAY_3), \"Tuesday\") == 0 && nl_langinfo(CODESET)[0] == 'A' && localeconv()->frac_digits == CHAR_MAX "
            + "&& localeconv()->decimal_point[0] == '.' && a64l(\"zz\") == 4095 && strcmp(l64a(64), \"./\") == 0 "
            + "&& fnmatch(\"*.c\", \"m.c\", 0) == 0 && fnmatch(\"*/x\", \"a/b/x\", FNM_PATHNAME) == FNM_NOMATCH "
            + "&& strcmp(ecvt(3.14159, 4, &k, &s[0]), \"3142\") == 0 && k == 1 && s[0] == 0; }";
    /**
     * glibc's signal sets and rand_r (issue 35: weft.exec.SignalSets), a struct sigaction holding SIG_IGN, whose
     * handler names no function (no handler thread: frontend.CallbackLowering's guard), strsignal,
     * fileno of a standard stream, toascii, both strerror_r (exec.ErrorTexts: XSI cut to the buffer, GNU's static text),
     * and signal's refusals (SIGKILL, glibc's internal 33) beside a registration whose answer is not used; a
     * sigtimedwait that does not wait gives the blocked signal or expires (the world's choice; the oracle sends none).
     */
    static final String SIG_HELPER = "extern int __xpg_strerror_r(int, char *, size_t); "
            + "static int wy_sig_ok(void) { sigset_t s; struct sigaction sa; unsigned seed = 7; char m[8]; int r; struct timespec z = {0, 0}; "
            + "memset(&sa, 0, sizeof sa); sa.sa_handler = SIG_IGN; sigemptyset(&s); sigaddset(&s, SIGUSR2); "
            + "return sigismember(&s, SIGUSR2) == 1 && sigismember(&s, SIGINT) == 0 && sigaddset(&s, 32) == -1 "
            + "&& rand_r(&seed) == 1187592820 && sigaction(SIGPIPE, &sa, 0) == 0 && strcmp(strsignal(SIGTERM), \"Terminated\") == 0 "
            + "&& fileno(stderr) == 2 && toascii(0xc1) == 'A' && __xpg_strerror_r(2, m, sizeof m) == 34 && strcmp(m, \"No such\") == 0 "
            + "&& strcmp(strerror_r(2, m, sizeof m), \"No such file or directory\") == 0 && signal(SIGKILL, SIG_IGN) == SIG_ERR "
            + "&& pthread_sigmask(SIG_BLOCK, &s, 0) == 0 && ((r = sigtimedwait(&s, 0, &z)) == SIGUSR2 || (r == -1 && errno == EAGAIN)) "
            + "&& siginterrupt(SIGKILL, 1) == -1 && siginterrupt(SIGUSR2, 0) == 0 && sigpending(&s) == 0 && !sigismember(&s, SIGUSR1) "
            + "&& (signal(SIGUSR2, SIG_IGN), signal(33, SIG_DFL) == SIG_ERR); }";
    /**
     * gcc's byte swaps folded in a static initializer and computed from variables (audit D36: once the identity; then,
     * as statement expressions, refused in an initializer).
     */
    static final String SWAP_HELPER = "static const unsigned wy_sw = __builtin_bswap32(0x11223344u); static int wy_swap_ok(void) { "
            + "unsigned long long v = 0x0102030405060708ull; unsigned short h = 0x0102; return wy_sw == 0x44332211u "
            + "&& __builtin_bswap64(v) == 0x0807060504030201ull && __builtin_bswap16(h) == 0x0201 && __builtin_bswap32(h) == 0x02010000u; }";
    /** inet_aton and inet_pton as glibc parses them (issue 35: weft.exec.StringFunctions), the strict form's refusals too. */
    static final String PTON_HELPER = "static int wy_pton_ok(void) { struct in_addr a, b; return inet_aton(\"10.0.0.010\", &a) == 1 "
            + "&& a.s_addr == htonl(0x0a000008) && inet_pton(AF_INET, \"192.168.1.20\", &b) == 1 && b.s_addr == htonl(0xc0a80114) "
            + "&& inet_pton(AF_INET, \"192.168.01.20\", &b) == 0 && inet_aton(\"1.2.3.4x\", &a) == 0; }";
    /** dirname and libgen.h's basename as glibc computes them (issue 35: weft.exec.PathParts), cutting in place. */
    static final String PATH_HELPER = "static int wy_path_ok(void) { char a[] = \"a/b/\", d[] = \"//usr\", f[] = \"a//\", j[] = \"///\"; "
            + "return strcmp(basename(a), \"b\") == 0 && a[3] == 0 && strcmp(dirname(a), \"a\") == 0 && strcmp(dirname(d), \"//\") == 0 "
            + "&& strcmp(dirname(f), \".\") == 0 && strcmp(basename(j), \"/\") == 0; }";
    /**
     * The math library as the installed libm computes it (issue 35: weft.installed.MathLibrary), errno included, and
     * gcc's classification builtins: an exploration that computed one differently would skip the access.
     */
    static final String MATH_HELPER = "static int wy_math_ok(void) { errno = 0; double n = sqrt(-2.0); int e = errno; "
            + "return sqrt(2.25) == 1.5 && isnan(n) && e == EDOM && pow(3.0, 4.0) == 81.0 && floor(-0.5) == -1.0 "
            + "&& fabsf(-0.25f) == 0.25f && fmod(10.0, 4.0) == 2.0 && ldexp(3.0, 2) == 12.0 && !isinf(exp(1.0)) && log(1.0) == 0.0 "
            + "&& frexp(12.0, &e) == 0.75 && e == 4 && modf(-3.25, &n) == -0.25 && n == -3.0; }";
    /**
     * strtok_r, strsep, memccpy, memrchr, rawmemchr and memmem as glibc computes them (issue 35: weft.exec.Tokens,
     * StringFunctions): tokens, the terminators written over delimiters, the saved positions.
     */
    static final String TOK_HELPER = "static int wy_tok_ok(void) { char l[] = \" a,b \"; char *sv = 0; char *x = strtok_r(l, \" ,\", &sv); "
            + "char *y = strtok_r(0, \" ,\", &sv); char h[] = \"k:v\"; char *r = h; char *k = strsep(&r, \":\"); char o[4]; "
            + "const char d[] = \"a.b\"; return x == l + 1 && *y == 'b' && l[2] == 0 && strtok_r(0, \" ,\", &sv) == 0 && k == h "
            + "&& *r == 'v' && memccpy(o, d, '.', 4) == o + 2 && memrchr(d, 'a', 3) == d && rawmemchr(d, 'b') == d + 2 "
            + "&& memmem(d, 3, \".b\", 2) == d + 1; }";
    /**
     * D33: character arrays of static storage initialised by string literals, alone and as a member: their bytes are
     * the literal's (and zero after it); a layer that took them for zeros skipped the access and answered a wrong true.
     */
    static final String LIT_HELPER = "static char wy_lit[8] = \"on\"; static struct { char k[4]; int n; } wy_rec = { \"ab\", 2 }; "
            + "static int wy_lit_ok(void) { return wy_lit[1] == 'n' && wy_lit[2] == 0 && wy_rec.k[1] == 'b' && wy_rec.n == 2; }";
    static final String STRING_HELPER = "static int wy_str_ok(void) { char b[16]; strcpy(b, \"ab\"); strncat(b, \"cdef\", 2); "
            + "strcat(b, \"!\"); return strlen(b) == 5 && memchr(b, 'd', 5) == b + 3 && b[4] == '!'; }";
    /** strdup and strndup's copies (not tested for null: a proof goes on through them). */
    static final String DUP_HELPER = "static int wy_dup_ok(void) { char *d = strdup(\"relay\"); char *e = strndup(d + 1, 2); "
            + "int ok = strlen(d) == 5 && d[4] == 'y' && strcmp(e, \"el\") == 0; free(e); free(d); return ok; }";

    /**
     * An event counter watched by an epoll instance (issue 35: weft.exec.EventLoop): nothing ready before a write (a
     * timeout), the counter reported and read after it, then empty again (EAGAIN): an exploration that took the
     * counter for ready when it was not, or kept its count after the read, would run the access elsewhere; then poll and
     * select of the empty counter (nothing ready) and of it written (readable).
     */
    /** The headers the event-loop and address helpers need. */
    static final List<String> EVENT_LOOP_INCLUDES = List.of("#include <sys/epoll.h>", "#include <sys/eventfd.h>", "#include <netdb.h>",
            "#include <unistd.h>", "#include <poll.h>", "#include <sys/select.h>");
    static final String LOOP_HELPER = "static int wy_loop_ok(void) { int e = eventfd(0, EFD_NONBLOCK); int p = epoll_create1(0); "
            + "struct epoll_event v, r; memset(&v, 0, sizeof v); v.events = EPOLLIN; v.data.fd = e; "
            + "if (e < 0 || p < 0 || epoll_ctl(p, EPOLL_CTL_ADD, e, &v) != 0) return 0; int none = epoll_wait(p, &r, 1, 0) == 0; "
            + "eventfd_write(e, 2); eventfd_t n = 0; int one = epoll_wait(p, &r, 1, 0) == 1 && r.data.fd == e && eventfd_read(e, &n) == 0 "
            + "&& n == 2 && eventfd_read(e, &n) == -1; struct pollfd f = { e, POLLIN, 0 }; int quiet = poll(&f, 1, 0) == 0 && f.revents == 0; "
            + "fd_set s; FD_ZERO(&s); FD_SET(e, &s); struct timeval tv = { 0, 0 }; quiet = quiet && select(e + 1, &s, NULL, NULL, &tv) == 0; "
            + "eventfd_write(e, 1); FD_ZERO(&s); FD_SET(e, &s); int woke = poll(&f, 1, 0) == 1 && f.revents == POLLIN "
            + "&& select(e + 1, &s, NULL, NULL, NULL) == 1 && FD_ISSET(e, &s); close(p); close(e); return none && one && quiet && woke; }";
    /** getaddrinfo's answer for a numeric host and inet_ntop's text of it (weft.exec.Addresses), as glibc gives them. */
    static final String ADDR_HELPER = "static int wy_addr_ok(void) { struct addrinfo h, *r; char b[16]; memset(&h, 0, sizeof h); "
            + "h.ai_family = AF_INET; h.ai_socktype = SOCK_STREAM; if (getaddrinfo(\"10.1.2.3\", \"80\", &h, &r) != 0) return 0; "
            + "struct sockaddr_in *a = (struct sockaddr_in *) r->ai_addr; int ok = inet_ntop(AF_INET, &a->sin_addr, b, sizeof b) != NULL "
            + "&& strcmp(b, \"10.1.2.3\") == 0 && ntohs(a->sin_port) == 80 && r->ai_next == NULL && r->ai_protocol == IPPROTO_TCP "
            + "&& inet_ntop(AF_INET, &a->sin_addr, b, 8) == NULL; char s[8]; ok = ok && getnameinfo(r->ai_addr, sizeof *a, b, sizeof b, s, sizeof s, "
            + "NI_NUMERICHOST | NI_NUMERICSERV) == 0 && strcmp(b, \"10.1.2.3\") == 0 && strcmp(s, \"80\") == 0; freeaddrinfo(r); return ok; }";

    /**
     * getrlimit's limits (issue 35: the world's answers, weft.exec.LibraryFunctions#resourceLimit): the soft limit at
     * most the hard one, a file limit above 2 and finite; and a freed block's pointer tested against null (sol's
     * {@code freeaddrinfo(result); if (rp == NULL)}: a search takes it for the old address, a proof stops).
     */
    static final String LIMIT_HELPER = "static int wy_limit_ok(void) { struct rlimit l; return getrlimit(RLIMIT_NOFILE, &l) == 0 "
            + "&& l.rlim_cur <= l.rlim_max && l.rlim_cur > 2 && l.rlim_cur != RLIM_INFINITY; }";
    /**
     * Audit D52: gcc's answer where its optimisation decides it. The oracle builds with {@code -O1}, where
     * {@code __builtin_constant_p} of a {@code const} local is 1 (at {@code -O0} 0, which the front end once folded in,
     * so an access behind it was dead to every layer and a wrong {@code true} followed); {@code __builtin_object_size}
     * of a declared object's address is its size at every level.
     */
    static final String CP_HELPER = "static int wy_cp_ok(void) { const int k = 3; return __builtin_constant_p(k) "
            + "&& __builtin_object_size(&k, 0) == sizeof k; }";
    static final String FREED_HELPER = "static int wy_freed_ok(void) { char *p = malloc(8); if (p == NULL) return 1; free(p); "
            + "return p != NULL; }";

    /**
     * More of the C library the explorer runs (issue 35, 2026-12-05): syscall's ids as the functions' (kept),
     * inet_ntoa's text, strptime's fields (glibc's weekday and day of the year; a field it does not read left as it was),
     * newlocale's static C object (also for 1 << LC_ALL) and duplocale of it, glob's one path for a pattern without
     * wildcards under GLOB_NOCHECK (the same whether the file exists: weft.exec.Directories) and globfree clearing
     * gl_pathv.
     */
    static final String POSIX_HELPER = "char *strptime(const char *, const char *, struct tm *); "
            + "static int wy_glob_ok(void) { glob_t g; if (glob(\"/nonexistent/wy\", GLOB_NOCHECK, NULL, &g) != 0) return 0; "
            + "int ok = g.gl_pathc == 1 && strcmp(g.gl_pathv[0], \"/nonexistent/wy\") == 0 && g.gl_pathv[1] == NULL && g.gl_offs == 0 "
            + "&& g.gl_flags == GLOB_NOCHECK; globfree(&g); return ok && g.gl_pathv == NULL; } "
            + "static int wy_posix_ok(void) { struct in_addr a; a.s_addr = htonl(0x7f000001); struct tm tm; memset(&tm, 0, sizeof tm); "
            + "tm.tm_isdst = -1; locale_t c = newlocale(LC_ALL_MASK, \"C\", (locale_t)0); "
            + "return syscall(SYS_getpid) == getpid() && strcmp(inet_ntoa(a), \"127.0.0.1\") == 0 "
            + "&& strptime(\"2026-12-05 21:40\", \"%Y-%m-%d %H:%M\", &tm) != NULL && tm.tm_wday == 6 && tm.tm_yday == 338 "
            + "&& tm.tm_isdst == -1 && c != (locale_t)0 && c == newlocale(1 << LC_ALL, \"C\", (locale_t)0) && duplocale(c) == c && wy_glob_ok(); }";

    /**
     * OpenSSL's bookkeeping (issue 35: weft.exec.OpenSsl computes it; the context's existence is the world's, proofs
     * stop there): a context's options keep what was set, its mode starts with SSL_MODE_AUTO_RETRY, its session cache
     * mode is a server's until set, a TLS method takes TLS 1.2 as its lower bound and refuses another number, a new
     * connection has nothing pending and SSL_get_error says nothing for a result above 0, and the thread's error queue
     * is empty after ERR_clear_error. The oracle links the installed OpenSSL ({@code -lssl -lcrypto}).
     */
    static final String TLS_HELPER = "static int wy_tls_ok(void) { SSL_CTX *c = SSL_CTX_new(TLS_method()); if (c == NULL) return 1; "
            + "int ok = (SSL_CTX_set_options(c, SSL_OP_NO_TLSv1) & SSL_OP_NO_TLSv1) != 0 "
            + "&& SSL_CTX_set_mode(c, SSL_MODE_ENABLE_PARTIAL_WRITE) == (SSL_MODE_AUTO_RETRY | SSL_MODE_ENABLE_PARTIAL_WRITE) "
            + "&& SSL_CTX_set_session_cache_mode(c, SSL_SESS_CACHE_OFF) == SSL_SESS_CACHE_SERVER && SSL_CTX_get_session_cache_mode(c) == SSL_SESS_CACHE_OFF "
            + "&& SSL_CTX_set_min_proto_version(c, TLS1_2_VERSION) == 1 && SSL_CTX_set_max_proto_version(c, 0x999) == 0; "
            + "SSL *s = SSL_new(c); if (s != NULL) { ok = ok && SSL_pending(s) == 0 && SSL_get_error(s, 1) == SSL_ERROR_NONE; SSL_free(s); } "
            + "ERR_clear_error(); ok = ok && ERR_get_error() == 0; SSL_CTX_free(c); return ok; }";

    /**
     * zlib's answers (issue 35: the search runs the installed zlib itself, weft.exec.ZlibCalls; proofs stop there):
     * a raw deflate stream of 32 equal bytes finishes in one call, shorter than its input and within deflateBound's
     * bound, and crc32 of the whole is that of its two parts chained. A search that computed any of it differently would
     * run the access elsewhere; the oracle links the installed zlib ({@code -lz}).
     */
    static final String ZLIB_HELPER = "static int wy_zlib_ok(void) { unsigned char in[32], out[128]; z_stream s; memset(in, 'w', sizeof in); "
            + "memset(&s, 0, sizeof s); if (deflateInit2(&s, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0; "
            + "s.next_in = in; s.avail_in = sizeof in; s.next_out = out; s.avail_out = sizeof out; "
            + "int ok = deflate(&s, Z_FINISH) == Z_STREAM_END && s.total_out > 2 && s.total_out < sizeof in && s.avail_in == 0 "
            + "&& deflateBound(&s, sizeof in) >= s.total_out && crc32(0L, in, sizeof in) == crc32(crc32(0L, in, 10), in + 10, sizeof in - 10); "
            + "deflateEnd(&s); z_stream d; unsigned char back[64]; memset(&d, 0, sizeof d); "
            + "if (ok && inflateInit2(&d, -15) == Z_OK) { d.next_in = out; d.avail_in = (unsigned) s.total_out; d.next_out = back; "
            + "d.avail_out = sizeof back; ok = inflate(&d, Z_FINISH) == Z_STREAM_END && d.total_out == sizeof in && back[31] == 'w' "
            + "&& inflateEnd(&d) == Z_OK; } else ok = 0; uLongf n = sizeof out, m = sizeof back; "
            + "ok = ok && compress2(out, &n, in, sizeof in, 9) == Z_OK && n <= compressBound(sizeof in) "
            + "&& uncompress(back, &m, out, n) == Z_OK && m == sizeof in && back[0] == 'w' && strcmp(zError(Z_DATA_ERROR), \"data error\") == 0; "
            + "return ok; }";

    /**
     * Audit D30: an array sized by its initializer, its element count taken by {@code sizeof} in a static initializer
     * and in an expression; a prover that took the size for 0 (or for an input) would skip the access behind it.
     */
    static final String SIZED_HELPER = "static const char *wy_names[] = {\"relay\", \"queue\", \"spool\"}; "
            + "static const int wy_count = sizeof wy_names / sizeof wy_names[0]; "
            + "static int wy_sized_ok(void) { int n = 0; for (int i = 0; i < wy_count; i++) n += wy_names[i][0] == 's'; "
            + "return n == 1 && sizeof wy_names == 3 * sizeof(char *); }";

    /**
     * Audit D31: character arrays of automatic storage initialised by string literals, one larger than its literal
     * (the rest zero) and one without room for the terminator; a layer that left their bytes out would skip the access.
     */
    static final String STRINIT_HELPER = "static int wy_strinit_ok(void) { char a[12] = \"relay\"; char b[3] = \"abc\"; "
            + "return a[4] == 'y' && a[5] == 0 && a[11] == 0 && b[2] == 'c' && strlen(a) == 5; }";

    /**
     * The string scans and end pointers the explorer computes (issue 35, audit D32): spans, a set search, a bounded
     * length over bytes without a terminator, the terminator strchrnul gives, the end pointers of stpcpy, stpncpy and
     * mempcpy (which the library table once took for their destinations), asprintf's text in a block of its own,
     * sscanf's fields and getrusage's times (the world's: a proof stops there); a
     * layer that computed one differently would skip the access.
     */
    static final String SCAN_HELPER = "static int wy_ap(void) { char *s; if (asprintf(&s, \"%s=%02d\", \"id\", 7) != 5) return 0; "
            + "int a = 0, b = 0; char w[4]; int ok = strcmp(s, \"id=07\") == 0 && sscanf(\" 12 ab\", \"%d %3s%n\", &a, w, &b) == 2 "
            + "&& a == 12 && w[1] == 'b' && b == 6; struct rusage u; ok = ok && getrusage(RUSAGE_SELF, &u) == 0 && u.ru_utime.tv_usec < 1000000 "
            + "&& u.ru_stime.tv_usec >= 0; free(s); return ok; }\n"
            + "static int wy_scan_ok(void) { const char *l = \"  id=7;x\"; char o[8]; char *e = stpncpy(o, l + 2, 3); "
            + "char *f = mempcpy(o + 3, \"ab\", 2); char *g = stpcpy(f, \"c\"); "
            + "return strspn(l, \" \") == 2 && strcspn(l + 2, \"=;\") == 2 && strpbrk(l, \";=\") == l + 4 && strnlen(o, 3) == 3 "
            + "&& *strchrnul(l, '#') == 0 && e == o + 3 && f == o + 5 && g == o + 6 && o[5] == 'c' && bcmp(o, \"id=\", 3) == 0 "
            + "&& wy_ap(); }";

    /** Helpers that return 1 in glibc, each computing with C library functions on its own memory only (no static buffer). */
    static final String[] TIME_HELPERS = {
        "static int wy_gm_ok(void) { time_t t = 951782400 + 49629; struct tm m; gmtime_r(&t, &m); "
                + "return m.tm_mday == 29 && m.tm_hour == 13 && m.tm_wday == 2 && m.tm_yday == 59; }",
        "static int wy_ftime_ok(void) { time_t t = -86400; struct tm m; char b[32]; gmtime_r(&t, &m); "
                + "return strftime(b, sizeof b, \"%D-%T %a %j\", &m) == 25 && b[1] == '2' && b[18] == 'W' && b[24] == '5'; }",
        "static int wy_count_ok(void) { char b[16]; int n = -1; return sprintf(b, \"%s-%d%n!\", \"ab\", 7, &n) == 5 && n == 4; }",
        // timegm's normalisation in place and asctime_r's text (weft.exec.CalendarTime; no time zone involved)
        "static int wy_cal_ok(void) { struct tm m; char b[26]; memset(&m, 0, sizeof m); m.tm_year = 100; m.tm_mon = 13; "
                + "m.tm_mday = 31; m.tm_hour = 25; m.tm_min = -5; return timegm(&m) == 983667300 && m.tm_yday == 62 "
                + "&& strcmp(asctime_r(&m, b), \"Sun Mar  4 00:55:00 2001\\n\") == 0 && difftime((time_t) 10, (time_t) 4) == 6.0; }"
    };

    /** A helper function a truth of {@link #STRING_TRUTHS} calls: the headers it needs (each put first), its text. */
    record Helper(List<String> includes, String text) {}

    /** The helpers by the name of the truth that calls them (a truth without one is an expression of its own). */
    static final java.util.Map<String, Helper> HELPERS = java.util.Map.ofEntries(
            java.util.Map.entry("wy_str_ok", new Helper(List.of(), STRING_HELPER)),
            java.util.Map.entry("wy_dup_ok", new Helper(List.of(), DUP_HELPER)),
            java.util.Map.entry("wy_limit_ok", new Helper(List.of("#include <sys/resource.h>"), LIMIT_HELPER)),
            java.util.Map.entry("wy_sized_ok", new Helper(List.of(), SIZED_HELPER)),
            java.util.Map.entry("wy_strinit_ok", new Helper(List.of(), STRINIT_HELPER)),
            java.util.Map.entry("wy_tok_ok", new Helper(List.of(), TOK_HELPER)),
            java.util.Map.entry("wy_pton_ok", new Helper(List.of(), PTON_HELPER)),
            java.util.Map.entry("wy_swap_ok", new Helper(List.of(), SWAP_HELPER)),
            java.util.Map.entry("wy_sys_ok", new Helper(List.of("#include <sys/utsname.h>", "#include <stdlib.h>", "#include <stdio.h>", "#include <errno.h>",
                    "#include <sys/wait.h>"), SYS_HELPER)),
            java.util.Map.entry("wy_sig_ok", new Helper(List.of("#include <signal.h>", "#include <stdlib.h>", "#include <errno.h>", "#include <time.h>"), SIG_HELPER)),
            java.util.Map.entry("wy_path_ok", new Helper(List.of("#include <libgen.h>"), PATH_HELPER)),
            java.util.Map.entry("wy_lit_ok", new Helper(List.of(), LIT_HELPER)),
            java.util.Map.entry("wy_stdio_ok", new Helper(List.of(), STDIO_HELPER)),
            java.util.Map.entry("wy_chk_ok", new Helper(List.of(), CHK_HELPER)),
            java.util.Map.entry("wy_dir_ok", new Helper(List.of("#include <sys/stat.h>", "#include <unistd.h>", "#include <string.h>",
                    "#include <fcntl.h>", "#include <dirent.h>"), DIR_HELPER)),
            java.util.Map.entry("wy_kill_ok", new Helper(List.of("#include <signal.h>", "#include <unistd.h>", "#include <errno.h>",
                    "#include <pthread.h>"), KILL_HELPER)),
            java.util.Map.entry("wy_rand_ok", new Helper(List.of("#include <stdlib.h>"), RAND_HELPER)),
            java.util.Map.entry("wy_kept_ok", new Helper(List.of("#include <unistd.h>", "#include <time.h>"), KEPT_HELPER)),
            java.util.Map.entry("wy_fs_ok", new Helper(List.of("#include <sys/statvfs.h>"), FS_HELPER)),
            java.util.Map.entry("wy_oldstat_ok", new Helper(List.of("#include <sys/stat.h>", "#include <unistd.h>", "#include <string.h>"), OLDSTAT_HELPER)),
            java.util.Map.entry("wy_r48_ok", new Helper(List.of(), R48_HELPER)),
            java.util.Map.entry("wy_computed_ok", new Helper(List.of("#include <wchar.h>", "#include <arpa/inet.h>", "#include <langinfo.h>",
                    "#include <locale.h>", "#include <limits.h>", "#include <fnmatch.h>"), COMPUTED_HELPER)),
            java.util.Map.entry("wy_attr_ok", new Helper(List.of("#include <errno.h>", "#include <sched.h>"), ATTR_HELPER)),
            java.util.Map.entry("wy_infback_ok", new Helper(List.of("#include <zlib.h>", "#include <string.h>"), INFBACK_HELPER)),
            java.util.Map.entry("wy_ld_ok", new Helper(List.of("#include <stdlib.h>"), LD_HELPER)),
            java.util.Map.entry("wy_phdr_ok", new Helper(List.of("#include <link.h>"), PHDR_HELPER)),
            java.util.Map.entry("wy_getattr_ok", new Helper(List.of("#include <errno.h>", "#include <sched.h>"), GETATTR_HELPER)),
            java.util.Map.entry("wy_sock_ok", new Helper(List.of("#include <sys/socket.h>", "#include <arpa/inet.h>", "#include <dlfcn.h>", "#include <string.h>", "#include <netinet/in.h>", "#include <unistd.h>",
                    "#include <errno.h>"), SOCK_HELPER)),
            java.util.Map.entry("wy_pipe_ok", new Helper(List.of("#include <sys/socket.h>", "#include <unistd.h>", "#include <fcntl.h>",
                    "#include <errno.h>", "#include <sys/ioctl.h>"), PIPE_HELPER)),
            java.util.Map.entry("wy_watch_ok", new Helper(List.of("#include <sys/inotify.h>", "#include <poll.h>", "#include <unistd.h>",
                    "#include <errno.h>"), WATCH_HELPER)),
            java.util.Map.entry("wy_reopen_ok", new Helper(List.of(), REOPEN_HELPER)),
            java.util.Map.entry("wy_date_ok", new Helper(List.of("#include <time.h>"), DATE_HELPER)),
            java.util.Map.entry("wy_tree_ok", new Helper(List.of("#include <search.h>"), TREE_HELPER)),
            java.util.Map.entry("wy_gzhead_ok", new Helper(List.of("#include <zlib.h>", "#include <string.h>"), GZHEAD_HELPER)),
            java.util.Map.entry("wy_gzread_ok", new Helper(List.of("#include <zlib.h>", "#include <string.h>"), GZREAD_HELPER)),
            java.util.Map.entry("wy_memstream_ok", new Helper(List.of("#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"), MEMSTREAM_HELPER)),
            java.util.Map.entry("wy_timer_ok", new Helper(List.of("#include <sys/time.h>", "#include <unistd.h>", "#include <errno.h>"), TIMER_HELPER)),
            java.util.Map.entry("wy_scandir_ok", new Helper(List.of("#include <dirent.h>", "#include <string.h>", "#include <stdlib.h>"), SCANDIR_HELPER)),
            java.util.Map.entry("wy_symbol_ok", new Helper(List.of("#include <dlfcn.h>", "#include <string.h>"), SYMBOL_HELPER)),
            java.util.Map.entry("wy_acct_ok", new Helper(List.of("#include <pwd.h>", "#include <grp.h>"), ACCT_HELPER)),
            java.util.Map.entry("wy_host_ok", new Helper(List.of("#include <netdb.h>"), HOST_HELPER)),
            java.util.Map.entry("wy_math_ok", new Helper(List.of("#include <math.h>", "#include <errno.h>"), MATH_HELPER)),
            java.util.Map.entry("wy_scan_ok", new Helper(List.of("#include <sys/resource.h>"), SCAN_HELPER)),
            java.util.Map.entry("wy_zlib_ok", new Helper(List.of("#include <zlib.h>"), ZLIB_HELPER)),
            java.util.Map.entry("wy_posix_ok", new Helper(List.of("#include <glob.h>", "#include <sys/syscall.h>", "#include <unistd.h>", "#include <arpa/inet.h>",
                    "#include <string.h>", "#include <time.h>", "#include <locale.h>"), POSIX_HELPER)),
            java.util.Map.entry("wy_tls_ok", new Helper(List.of("#include <openssl/ssl.h>", "#include <openssl/err.h>"), TLS_HELPER)),
            java.util.Map.entry("wy_freed_ok", new Helper(List.of("#include <stdlib.h>"), FREED_HELPER)),
            java.util.Map.entry("wy_cp_ok", new Helper(List.of(), CP_HELPER)),
            java.util.Map.entry("wy_loop_ok", new Helper(EVENT_LOOP_INCLUDES, LOOP_HELPER)),
            java.util.Map.entry("wy_addr_ok", new Helper(EVENT_LOOP_INCLUDES, ADDR_HELPER)));

    /**
     * The access {@code body} behind one of {@link #GLIBC_TRUTHS}, or (as often as one of them) in the direct branch of
     * a {@code setjmp} (which returns 0 there), behind {@code htons}'s byte swap or a float or long double literal's
     * number (audit D55, D56: rounded once to its type), or behind a static double constant's
     * value folded at initialisation (issue 35: the exploration runs each of them itself), or behind {@code stdout} or
     * {@code stderr} not being null (D27: objects the C library defines start with its values, not zero), or behind
     * one of {@link #TIME_HELPERS}, or where an {@code fopen} of a file that does not exist fails, or behind the bits
     * of the thread's handle (D28: glibc's handles are addresses of aligned descriptors), or where a flush of the
     * standard output fails (D29: the TSan oracle runs programs with it on {@code /dev/full}) or where glibc refuses a
     * stack below its minimum (D29's review), or behind one of {@link #STRING_TRUTHS} or the standard input's end (the
     * oracle runs programs with it empty).
     */
    static String behindLibraryTruth(List<String> decls, String body, java.util.Random rnd) {
        int k = rnd.nextInt(GLIBC_TRUTHS.length + 9);
        if (k == GLIBC_TRUTHS.length + 8) {
            for (String h : List.of("#include <string.h>", "#include <strings.h>", "#include <ctype.h>", "#include <arpa/inet.h>")) {
                if (!decls.contains(h)) decls.add(0, h);
            }
            // issue 35: the standard input's bytes are the world's; the TSan oracle runs the program with it empty, so
            // the access runs where the read meets its end; a proof that took one answer for all would be wrong
            if (rnd.nextInt(4) == 0) {
                // audit D37: once a read met the end, the end-of-file indicator stays set and later reads return EOF
                if (rnd.nextBoolean()) return "if (getchar() == EOF && getc_unlocked(stdin) == EOF && feof(stdin)) { " + body + " }";
                return "if (" + (rnd.nextBoolean() ? "getchar()" : "fgetc(stdin)") + " == EOF) { " + body + " }";
            }
            String truth = STRING_TRUTHS[rnd.nextInt(STRING_TRUTHS.length)];
            Helper h = HELPERS.get(truth.substring(0, truth.indexOf('(')));
            if (h != null && !decls.contains(h.text())) {
                for (String include : h.includes()) if (!decls.contains(include)) decls.add(0, include);
                decls.add(h.text());
            }
            return "if (" + truth + ") { " + body + " }";
        }
        if (k == GLIBC_TRUTHS.length + 7) {
            // D29: fflush's result is the world's; the TSan oracle runs the program with its output on /dev/full, where
            // the flush fails, so the access runs there; a proof that took fflush for 0 skipped it
            if (rnd.nextBoolean()) return "{ printf(\"wy\\n\"); if (fflush(stdout) != 0) { " + body + " } }";
            // the implementation's answer: glibc refuses a stack below its minimum (EINVAL)
            return "{ pthread_attr_t wy_sa; pthread_attr_init(&wy_sa); if (pthread_attr_setstacksize(&wy_sa, 1024) != 0) { "
                    + body + " } pthread_attr_destroy(&wy_sa); }";
        }
        if (k == GLIBC_TRUTHS.length + 6) {
            // D28: a thread handle's value is unspecified (glibc: the aligned address of the thread's descriptor); a
            // proof that took handles for small numbers 1, 2, ... skipped this access and answered a wrong true
            return "if (((unsigned long)" + (rnd.nextBoolean() ? "pthread_self()" : "thrd_current()") + " & 3) == 0) { " + body + " }";
        }
        if (k == GLIBC_TRUTHS.length + 5) {
            if (rnd.nextInt(3) == 0) {
                // issue 35: opendir's answer is an input too (weft.exec.Directories), and each readdir's
                if (!decls.contains("#include <dirent.h>")) decls.add(0, "#include <dirent.h>");
                return "{ DIR *wy_d = opendir(\"/weft-none/spool\"); if (wy_d == NULL) { " + body + " } else { struct dirent *wy_e; "
                        + "while ((wy_e = readdir(wy_d)) != NULL) { if (wy_e->d_name[0] == '.') continue; } closedir(wy_d); } }";
            }
            // issue 35: fopen's answer is an input (weft.exec.Streams): this file does not exist, so the access runs
            // where the open fails; an exploration that took only the opened stream would miss it
            return "{ FILE *wy_f = fopen(\"/weft-none/wy.conf\", \"r\"); if (wy_f == NULL) { " + body + " } else { "
                    + "char wy_b[8]; while (fgets(wy_b, sizeof wy_b, wy_f) != NULL) { } char *wy_l = NULL; size_t wy_n = 0; "
                    + "while (getline(&wy_l, &wy_n, wy_f) > 0) { } int wy_v; while (fscanf(wy_f, \"%d\", &wy_v) == 1) { } "
                    + "if (feof(wy_f) && fseek(wy_f, 0, SEEK_END) == 0) wy_v = (int) ftell(wy_f); clearerr(wy_f); free(wy_l); fclose(wy_f); } }";
        }
        if (k == GLIBC_TRUTHS.length + 4) {
            // issue 35: gmtime_r, strftime and sprintf's %n as glibc computes them (weft.exec.BrokenDownTime, Formatter)
            if (!decls.contains("#include <time.h>")) decls.add(0, "#include <time.h>");
            String helper = TIME_HELPERS[rnd.nextInt(TIME_HELPERS.length)];
            if (!decls.contains(helper)) decls.add(helper);
            return "if (" + helper.substring(helper.indexOf("int ") + 4, helper.indexOf('(')) + "()) { " + body + " }";
        }
        if (k == GLIBC_TRUTHS.length + 3) {
            // D27: the C library's own stream objects are never null (no layer may take them for zero storage)
            return "if (" + (rnd.nextBoolean() ? "stdout" : "stderr") + " != 0) { " + body + " }";
        }
        if (k < GLIBC_TRUTHS.length) return "if (" + GLIBC_TRUTHS[k] + ") { " + body + " }";
        if (k == GLIBC_TRUTHS.length) {
            if (!decls.contains("#include <setjmp.h>")) decls.add(0, "#include <setjmp.h>");
            return "{ jmp_buf wy_jb; if (setjmp(wy_jb) == 0) { " + body + " } }";
        }
        if (k == GLIBC_TRUTHS.length + 1) {
            int literal = rnd.nextInt(4);
            // audit D55: a float literal is rounded once, to a float; this one lies a hair above the midpoint between 1
            // and the next float, which gcc rounds up (through a double it rounds to 1)
            if (literal == 0) return "if (1.00000005960464477539062582718061255302767487140869206996285356581211090087890625f != 1.0f) { " + body + " }";
            // audit D56: a long double literal's number no double holds (x87 tells it from 3; the nearest double is 3.0)
            if (literal == 1) return "if (3.0000000000000001L != 3.0L) { " + body + " }";
            if (!decls.contains("#include <arpa/inet.h>")) decls.add(0, "#include <arpa/inet.h>");
            return "if (htons(0x1234) == 0x3412) { " + body + " }";
        }
        String scale = "static const long wy_scale = (long) ((double) 6 * 10e2);";
        if (!decls.contains(scale)) decls.add(scale);
        return "if (wy_scale == 6000) { " + body + " }";
    }
}
