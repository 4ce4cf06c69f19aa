package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;

/**
 * The mutex kinds beyond the default mutex, and {@code pthread_once}, for {@link ProgramGenerator} (area 3 of issue
 * 31: recursive mutexes). An object of the {@code XMUTEX} discipline gets its own lock, one of: a recursive pthread
 * mutex ({@code PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP}, or {@code pthread_mutexattr_settype(&a,
 * PTHREAD_MUTEX_RECURSIVE)}), a C11 {@code mtx_t} ({@code mtx_init(&m, mtx_plain)} or {@code mtx_plain |
 * mtx_recursive}), an error-checking pthread mutex, or a standard stream's own lock ({@code flockfile(stderr)},
 * recursive; issue 35: the stream calls of other threads wait while it is held, and ThreadSanitizer is told of it by
 * {@link GenProgram#TSAN_PRELUDE}), one stream per object while {@link #STREAMS} last. A recursive lock is also taken twice, in one function or by a
 * caller and a callee, the access made while it is still held (between the unlocks, or in the callee); the hole
 * {@code RECURSIVE_UNLOCK} makes it after the last unlock. Locks stay balanced, and a non-recursive lock is never
 * relocked. All choices come from the generator's second random source.
 */
final class MutexForms {
    /** A lock: its address expression, whether it is a C11 {@code mtx_t}, whether it is recursive. */
    record XLock(String addr, boolean c11, boolean recursive, boolean stream) {
        String lock() {
            if (stream) return "flockfile(" + addr + ");";
            return c11 ? "mtx_lock(" + addr + ");" : "pthread_mutex_lock(" + addr + ");";
        }

        String unlock() {
            if (stream) return "funlockfile(" + addr + ");";
            return c11 ? "mtx_unlock(" + addr + ");" : "pthread_mutex_unlock(" + addr + ");";
        }

        String tryLock() {
            if (stream) return "ftrylockfile(" + addr + ") == 0";
            return c11 ? "mtx_trylock(" + addr + ") == thrd_success" : "pthread_mutex_trylock(" + addr + ") == 0";
        }
    }

    /** The standard streams whose locks objects may take, one each. */
    static final List<String> STREAMS = List.of("stderr", "stdout");
    private int streamsUsed;

    private final Random r;
    private final List<Fn> helpers;
    private final IntSupplier names;

    MutexForms(Random r, List<Fn> helpers, IntSupplier names) {
        this.r = r;
        this.helpers = helpers;
        this.names = names;
    }

    /** Declares the lock of object {@code n} (initialised in main before the threads); {@code recursive}: must be. */
    XLock declare(String n, boolean recursive, List<String> decls, List<Node> init) {
        String m = n + "_m";
        int k = recursive ? r.nextInt(4) : r.nextInt(7);
        if (k == (recursive ? 3 : 6)) {
            if (streamsUsed < STREAMS.size()) return new XLock(STREAMS.get(streamsUsed++), false, true, true);
            k = 0;
        }
        switch (k) {
            case 0 -> decls.add("pthread_mutex_t " + m + " = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;");
            case 1, 4 -> {
                decls.add("pthread_mutex_t " + m + ";");
                init.add(Node.stmt(-1, "{ pthread_mutexattr_t a; pthread_mutexattr_init(&a); pthread_mutexattr_settype(&a, "
                        + (k == 1 ? "PTHREAD_MUTEX_RECURSIVE" : "PTHREAD_MUTEX_ERRORCHECK") + "); pthread_mutex_init(&" + m
                        + ", &a); pthread_mutexattr_destroy(&a); }", false));
            }
            case 2, 3 -> {
                decls.add("mtx_t " + m + ";");
                init.add(Node.stmt(-1, "mtx_init(&" + m + ", " + (k == 2 ? "mtx_plain | mtx_recursive" : "mtx_plain") + ");", false));
            }
            default -> decls.add("pthread_mutex_t " + m + " = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;");
        }
        return new XLock("&" + m, k == 2 || k == 3, k <= 2, false);
    }

    /**
     * One access ({@code acc}, a statement) under the lock; with {@code hole}, after the last of two unlocks of a
     * recursive lock taken twice (race: the lock is no longer held).
     */
    Node access(XLock l, String acc, int u, boolean hole) {
        Node a = Node.stmt(-1, acc, true);
        Node lk = Node.stmt(-1, l.lock(), false);
        Node ul = Node.stmt(-1, l.unlock(), false);
        if (hole) {
            if (r.nextBoolean()) return Node.block(u, "{", List.of(lk, lk, ul, ul, a), "}");
            return Node.block(u, "{", List.of(lk, Node.stmt(-1, "r += " + relock(l, null) + "();", false), ul, a), "}");
        }
        if (!l.recursive()) {
            if (r.nextInt(3) == 0) return Node.block(u, "if (" + l.tryLock() + ") {", List.of(a, ul), "}");
            return Node.block(u, "{", List.of(lk, a, ul), "}");
        }
        // a stream's lock is also tried (ftrylockfile: 0 when taken, nonzero while another thread holds it)
        if (l.stream() && r.nextInt(3) == 0) return Node.block(u, "if (" + l.tryLock() + ") {", List.of(a, ul), "}");
        return switch (r.nextInt(5)) {
            case 0 -> Node.block(u, "{", List.of(lk, lk, a, ul, ul), "}");
            case 1 -> Node.block(u, "{", List.of(lk, lk, ul, a, ul), "}"); // between the unlocks: still held once
            case 2 -> Node.block(u, "{", List.of(lk, Node.stmt(-1, "r += " + relock(l, acc) + "();", true), ul), "}");
            case 3 -> Node.block(u, "{", List.of(lk, Node.stmt(-1, "r += " + relock(l, null) + "();", false), a, ul), "}");
            default -> Node.block(u, "{", List.of(lk, a, ul), "}");
        };
    }

    /** A callee that takes the (recursive) lock again, makes {@code acc} if not null, and releases it once. */
    private String relock(XLock l, String acc) {
        String f = "relock" + names.getAsInt();
        List<Node> body = new ArrayList<>();
        body.add(Node.stmt(-1, "int r = 0;", false));
        body.add(Node.stmt(-1, l.lock(), false));
        if (acc != null) body.add(Node.stmt(-1, acc, true));
        body.add(Node.stmt(-1, l.unlock(), false));
        helpers.add(new Fn("int " + f + "(void)", body, "return r;", false));
        return f;
    }

    /**
     * The {@code ONCE} discipline: the object is written only by {@code oN_init}, which every thread runs through
     * {@code pthread_once} (through a pointer to the once control, chosen by a flag that main set) before reading it.
     */
    static void declareOnce(String n, String write, List<String> decls, List<Fn> helpers) {
        decls.add("pthread_once_t " + n + "_once = PTHREAD_ONCE_INIT;");
        decls.add("pthread_once_t " + n + "_once2 = PTHREAD_ONCE_INIT;");
        helpers.add(new Fn("void " + n + "_init(void)", List.of(Node.stmt(-1, "int r = 0;", false), Node.stmt(-1, write, true)),
                "(void) r;", false));
    }

    /**
     * A thread's use of a {@code ONCE} object: {@code pthread_once} through a pointer, then a read. {@code choice}: the
     * condition that picks the second once control (false at run time for the discipline; an indeterminate value for
     * the hole {@code ONCE_POINTER}, whose second once control runs the initialiser a second time, racing).
     */
    static String onceUse(String n, String read, String choice, Random r) {
        String q = r.nextBoolean() ? "pthread_once_t *q = " + choice + " ? &" + n + "_once2 : &" + n + "_once; "
                : "pthread_once_t *q = &" + n + "_once; if (" + choice + ") q = &" + n + "_once2; ";
        return "{ " + q + "pthread_once(q, " + n + "_init); " + read + " }";
    }
}
