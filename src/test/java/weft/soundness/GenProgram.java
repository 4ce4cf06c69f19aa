package weft.soundness;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A generated program as removable parts, rendered in three modes: for Weft (nondeterministic inputs as
 * {@code __VERIFIER_nondet_int()}), as a closed variant (each input replaced by a constant, so the exhaustive
 * exploration can run it), and for ThreadSanitizer (inputs drawn at random in their range, a seeded yield before
 * each shared access, {@code __VERIFIER_*} functions defined). All three modes put every statement on the same
 * line, so a line an oracle reports is the line in the program Weft analysed. ThreadSanitizer does not intercept
 * glibc's C11 {@code thrd_create} and {@code mtx_*} (they call pthreads internally: TSan crashes), so the TSan mode
 * maps them onto the pthread functions it intercepts.
 *
 * <p>Immutable. A node's text may hold {@code $N<k>$}, the k-th nondeterministic input (range in {@link #nondets}).
 * With {@code argcInputs}, Weft's rendering takes the inputs from {@code main}'s {@code argc} instead (two bits each,
 * through a global {@code main} sets first): a program whose race needs an input other than what argc 1 gives probes
 * that every layer treats {@code main}'s arguments as inputs (audit D10); the oracles' renderings are unchanged. They
 * draw an input afresh at each evaluation, where this rendering gives every evaluation of one input the same value, so
 * a failure on such a program could be a race only the oracles' programs have (to be checked by hand).
 *
 * <p>A node's text may also hold {@code $<text>$}: text Weft's rendering leaves out and the oracles' keep. It makes
 * indeterminate values explicit for the oracles: {@code int u$< = $N3$>$;} is an uninitialised local for Weft and an
 * input for the oracles (each closed variant one value, TSan a random one), so the oracles see every behaviour the
 * indeterminate value allows, where Weft must find them without help.
 */
record GenProgram(long seed, String summary, List<String> decls, List<Fn> fns, List<Nondet> nondets, boolean argcInputs) {
    enum Mode { WEFT, CLOSED, TSAN }

    /** The range of one nondeterministic input. */
    record Nondet(int lo, int hi) {}

    /**
     * A statement ({@code body} empty, {@code close} null) or a compound ({@code open} line, body, {@code close}
     * line). {@code unit >= 0}: removable by the minimiser, together with every other node of the same unit.
     * {@code access}: touches shared memory (TSan mode yields before it).
     */
    record Node(int unit, String open, List<Node> body, String close, boolean access) {
        Node {
            body = List.copyOf(body);
        }

        static Node stmt(int unit, String text, boolean access) {
            return new Node(unit, text, List.of(), null, access);
        }

        static Node block(int unit, String open, List<Node> body, String close) {
            return new Node(unit, open, body, close, false);
        }
    }

    /**
     * A function: its signature line, body and final line (e.g. a return). {@code verifierAtomic}: a
     * {@code __VERIFIER_atomic_*} function, which TSan mode serialises with one recursive mutex.
     */
    record Fn(String signature, List<Node> body, String last, boolean verifierAtomic) {
        Fn {
            body = List.copyOf(body);
        }
    }

    GenProgram(long seed, String summary, List<String> decls, List<Fn> fns, List<Nondet> nondets) {
        this(seed, summary, decls, fns, nondets, false);
    }

    GenProgram {
        decls = List.copyOf(decls);
        fns = List.copyOf(fns);
        nondets = List.copyOf(nondets);
    }

    static final String WEFT_PRELUDE = """
            #define _GNU_SOURCE
            #include <pthread.h>
            #include <semaphore.h>
            #include <signal.h>
            #include <stdatomic.h>
            #include <threads.h>
            #include <stdarg.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            #include <ftw.h>
            #include <link.h>
            #include <search.h>
            #include <syslog.h>
            #include <wchar.h>
            #include <sys/stat.h>
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_assume(int cond);
            static int wy_argc;
            #define wy_seen(p) (p)
            #define wy_seen_time(p) ((const struct timespec *) (p))
            #define wy_seen_set(p) ((const sigset_t *) (p))
            #define wy_wrote(p, n) (p)
            static pthread_mutex_t wy_hs_lock; /* zero: glibc's PTHREAD_MUTEX_INITIALIZER (no macro: a prelude line is not expanded) */
            static int wy_hs_made;
            static int wy_quit_cb(struct dl_phdr_info *i, size_t n, void *d) { (void) i; (void) n; (void) d; pthread_exit(0); }
            static void *wy_quit_in_walk(void *a) { dl_iterate_phdr(wy_quit_cb, 0); return a; }
            """;

    /** Lines of the two header comments and the prelude: the first program line is this plus one. */
    static final int HEADER_LINES = 2 + (int) WEFT_PRELUDE.lines().count();

    static final String TSAN_PRELUDE = """
            #define _GNU_SOURCE
            #include <pthread.h>
            #include <semaphore.h>
            #include <signal.h>
            #include <stdatomic.h>
            #include <threads.h>
            #include <stdarg.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <sched.h>
            #include <unistd.h>
            #include <ftw.h>
            #include <link.h>
            #include <search.h>
            #include <syslog.h>
            #include <wchar.h>
            #include <sys/stat.h>
            static __thread unsigned wy_state;
            static unsigned wy_next(void) {
              if (wy_state == 0) {
                const char *s = getenv("WY_SEED");
                wy_state = (unsigned) (s ? atol(s) : 1) * 2654435761u ^ (unsigned) (unsigned long) pthread_self();
                if (wy_state == 0) wy_state = 1;
              }
              wy_state ^= wy_state << 13; wy_state ^= wy_state >> 17; wy_state ^= wy_state << 5;
              return wy_state;
            }
            static void wy(void) {
              unsigned r = wy_next() % 16;
              if (r < 4) sched_yield(); else if (r < 6) usleep(r * 40);
            }
            static int wnd(int lo, int hi) { return lo + (int) (wy_next() % (unsigned) (hi - lo + 1)); }
            static void __VERIFIER_assume(int cond) { if (!cond) abort(); }
            static pthread_mutex_t wy_hs_lock; /* zero: glibc's PTHREAD_MUTEX_INITIALIZER (no macro: a prelude line is not expanded) */
            static int wy_hs_made;
            void __tsan_read_range(const void *, unsigned long);
            static const char *wy_seen(const char *p) { __tsan_read_range(p, 1); return p; }
            static const struct timespec *wy_seen_time(const void *p) { __tsan_read_range(p, sizeof(struct timespec)); return (const struct timespec *) p; }
            static const sigset_t *wy_seen_set(const void *p) { __tsan_read_range(p, 8); return (const sigset_t *) p; }
            void __tsan_write_range(const void *, unsigned long);
            static void *wy_wrote(void *p, unsigned long n) { __tsan_write_range(p, n); return p; }
            static pthread_mutex_t wy_atomic = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
            typedef struct { int (*f)(void *); void *a; } wy_thrd_arg;
            static void *wy_thrd_start(void *p) { wy_thrd_arg x = *(wy_thrd_arg *) p; free(p); return (void *) (long) x.f(x.a); }
            static int wy_thrd_create(thrd_t *t, int (*f)(void *), void *a) {
              wy_thrd_arg *p = malloc(sizeof *p); p->f = f; p->a = a;
              return pthread_create((pthread_t *) t, 0, wy_thrd_start, p) == 0 ? thrd_success : thrd_error;
            }
            static int wy_thrd_join(thrd_t t, int *res) { void *r; pthread_join((pthread_t) t, &r); if (res) *res = (int) (long) r; return thrd_success; }
            static int wy_mtx_init(mtx_t *m, int type) {
              pthread_mutexattr_t a; pthread_mutexattr_init(&a);
              if (type & mtx_recursive) pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
              return pthread_mutex_init((pthread_mutex_t *) m, &a) == 0 ? thrd_success : thrd_error;
            }
            #define thrd_create wy_thrd_create
            #define thrd_join wy_thrd_join
            #define mtx_init wy_mtx_init
            #define mtx_lock(m) pthread_mutex_lock((pthread_mutex_t *) (m))
            #define mtx_trylock(m) (pthread_mutex_trylock((pthread_mutex_t *) (m)) == 0 ? thrd_success : thrd_busy)
            #define mtx_unlock(m) pthread_mutex_unlock((pthread_mutex_t *) (m))
            void __tsan_acquire(void *);
            void __tsan_release(void *);
            #define flockfile(f) (flockfile(f), __tsan_acquire(f))
            #define ftrylockfile(f) (ftrylockfile(f) == 0 ? (__tsan_acquire(f), 0) : 1)
            #define funlockfile(f) (__tsan_release(f), funlockfile(f))
            static pthread_mutex_t wy_loader = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP; /* glibc's loader lock, which TSan does not see */
            static void wy_loader_release(void *m) { pthread_mutex_unlock((pthread_mutex_t *) m); }
            static int wy_dl_iterate_phdr(int (*f)(struct dl_phdr_info *, size_t, void *), void *d) {
              int r; pthread_mutex_lock(&wy_loader); pthread_cleanup_push(wy_loader_release, &wy_loader); r = dl_iterate_phdr(f, d); pthread_cleanup_pop(1); return r;
            }
            #define dl_iterate_phdr wy_dl_iterate_phdr
            static int wy_quit_cb(struct dl_phdr_info *i, size_t n, void *d) { (void) i; (void) n; (void) d; pthread_exit(0); }
            static void *wy_quit_in_walk(void *a) { dl_iterate_phdr(wy_quit_cb, 0); return a; }
            """;

    /** All removable units, in order of first appearance. */
    List<Integer> units() {
        List<Integer> out = new ArrayList<>();
        for (Fn f : fns) collectUnits(f.body(), out);
        return out;
    }

    private static void collectUnits(List<Node> nodes, List<Integer> out) {
        for (Node n : nodes) {
            if (n.unit() >= 0 && !out.contains(n.unit())) out.add(n.unit());
            collectUnits(n.body(), out);
        }
    }

    /** Renders for Weft (no values needed), with two header comment lines. */
    String weft(String line1, String line2, Set<Integer> removed) {
        return render(Mode.WEFT, line1, line2, removed, null);
    }

    /**
     * Renders the program. {@code values}: one constant per nondeterministic input, for {@link Mode#CLOSED}.
     */
    String render(Mode mode, String line1, String line2, Set<Integer> removed, int[] values) {
        StringBuilder sb = new StringBuilder();
        if (mode == Mode.TSAN) {
            sb.append(TSAN_PRELUDE);
            sb.append("#line ").append(HEADER_LINES + 1).append(" \"prog.c\"\n");
        } else {
            sb.append(line1).append('\n').append(line2).append('\n').append(WEFT_PRELUDE);
        }
        for (String d : decls) sb.append(d).append('\n');
        for (Fn f : fns) {
            // TSan mode serialises atomic functions on the lines of the brace and the last statement, keeping line numbers
            boolean lockIt = mode == Mode.TSAN && f.verifierAtomic();
            boolean argcMain = mode == Mode.WEFT && argcInputs && f.signature().equals("int main(void)");
            sb.append(argcMain ? "int main(int argc, char **argv) { wy_argc = argc;\n" : f.signature())
                    .append(argcMain ? "" : lockIt ? " { pthread_mutex_lock(&wy_atomic);\n" : " {\n");
            for (Node n : f.body()) node(sb, n, mode, removed, values, "  ");
            if (lockIt) sb.append("  pthread_mutex_unlock(&wy_atomic);");
            if (f.last() != null) sb.append(lockIt ? " " : "  ").append(f.last());
            if (lockIt || f.last() != null) sb.append('\n');
            sb.append("}\n");
        }
        return sb.toString();
    }

    private void node(StringBuilder sb, Node n, Mode mode, Set<Integer> removed, int[] values, String indent) {
        if (n.unit() >= 0 && removed.contains(n.unit())) return;
        sb.append(indent);
        if (mode == Mode.TSAN && n.access()) sb.append("wy(); ");
        sb.append(subst(n.open(), mode, values)).append('\n');
        if (n.close() == null) return;
        for (Node c : n.body()) node(sb, c, mode, removed, values, indent + "  ");
        sb.append(indent).append(subst(n.close(), mode, values)).append('\n');
    }

    private String subst(String text, Mode mode, int[] values) {
        for (int a = text.indexOf("$<"); a >= 0; a = text.indexOf("$<")) {
            int b = text.indexOf(">$", a + 2);
            text = text.substring(0, a) + (mode == Mode.WEFT ? "" : text.substring(a + 2, b)) + text.substring(b + 2);
        }
        int i = text.indexOf("$N");
        if (i < 0) return text;
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (i >= 0) {
            int end = text.indexOf('$', i + 2);
            int k = Integer.parseInt(text.substring(i + 2, end));
            out.append(text, from, i);
            Nondet nd = nondets.get(k);
            switch (mode) {
                case WEFT -> out.append(argcInputs ? "(" + nd.lo() + " + (wy_argc >> " + (2 * k % 30) + ") % " + (nd.hi() - nd.lo() + 1) + ")"
                        : "__VERIFIER_nondet_int()");
                case CLOSED -> out.append(values[k]);
                case TSAN -> out.append("wnd(").append(nd.lo()).append(", ").append(nd.hi()).append(')');
            }
            from = end + 1;
            i = text.indexOf("$N", from);
        }
        return out.append(text.substring(from)).toString();
    }
}
