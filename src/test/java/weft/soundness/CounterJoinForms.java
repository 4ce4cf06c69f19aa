package weft.soundness;

import java.util.List;
import java.util.Random;

/**
 * A counter join for {@link ProgramGenerator} (issue 34, {@code weft.thread.CounterJoins}): instead of joining a
 * worker role, main counts each of its threads in under a mutex before creating it ({@code live++}), each thread
 * counts itself out under the mutex as the last thing it does ({@code live--} and a broadcast), and main waits under the
 * mutex until the count shows none left. Race-free like a join. The hole {@link Hole#COUNTER_JOIN}
 * breaks it one of three ways ({@link Break}), each leaving a worker's accesses unordered with main's after the wait.
 * The threads are detached (never joined); the wait never blocks forever (a count that goes below 0 ends it too).
 *
 * <p>Self-counted form ({@code weft.thread.StopFlags}, the inner counter join of real pools): the workers count
 * themselves in when they start and make their accesses only while a stop flag {@code runN} is set (read under the
 * counter's mutex or a mutex of its own); main sets the flag (or it starts set), clears it before its wait, and never
 * counts anyone in. Its breaks: {@code FLAG_AFTER_WAIT} (main clears the flag only after the wait, in a critical section
 * of its own), {@code BEFORE_FLAG} (the accesses come after the count-in but before the flag is read), and the common
 * {@code OUT_FIRST}, {@code ALL_BUT_ONE}, {@code IF_WAIT}. Break {@code DESTRUCTOR} (both forms): the worker sets a
 * thread-specific value whose destructor, run after the worker's routine has returned (after its count-out), writes a
 * global main reads after the wait (corpus {@code 34-counter-joins/14}).
 *
 * <p>Layouts ({@link Layout}, {@code weft.thread.MemberCells}): the counter, its mutex and condition, the flag and its
 * mutex are globals, or members of one static struct ({@code liveN.c}), or of one struct main allocates with
 * {@code calloc} (or {@code malloc}, then clears it with {@code memset} or sets its fields) before its creates and
 * reaches through a global pointer ({@code liveN_p->c}), the shape real pools have (corpus {@code 40-pool-objects}).
 * Breaks {@code RESET_THROUGH_POINTER}, {@code RESET_BY_MEMSET} and {@code RESET_BY_CALL_POINTER} (all layouts): main
 * clears the count before its wait through a pointer to it, with {@code memset}, or with {@code memset} called through a
 * function pointer (corpus {@code 40-pool-objects/03}, {@code 04}), so the count seen is
 * no longer what the count-ins and count-outs made it. Break {@code WRONG_START} (the {@code malloc} layout only): main sets the count to -1 instead of 0, so the waiter
 * reads 0 one count-out early (an indeterminate start, never set, is corpus {@code 40-pool-objects/13}: the oracles
 * cannot decide it).
 */
final class CounterJoinForms {
    /**
     * {@code OUT_FIRST}: the worker counts itself out before its accesses; {@code ALL_BUT_ONE}: main waits only until
     * one is left; {@code UNCOUNTED_FIRST}: the first thread is created without being counted in; {@code IF_WAIT}: main
     * waits once ({@code if}, not {@code while}), so the first thread's wake-up (or a spurious one) lets it on while
     * others still count.
     */
    enum Break { OUT_FIRST, ALL_BUT_ONE, UNCOUNTED_FIRST, IF_WAIT, FLAG_AFTER_WAIT, BEFORE_FLAG, DESTRUCTOR, WRONG_START, RESET_THROUGH_POINTER, RESET_BY_MEMSET, RESET_BY_CALL_POINTER }

    /** The breaks of the form main counts in, and of the self-counted form. */
    static final List<Break> COUNTED = List.of(Break.OUT_FIRST, Break.ALL_BUT_ONE, Break.UNCOUNTED_FIRST, Break.IF_WAIT, Break.DESTRUCTOR,
            Break.RESET_THROUGH_POINTER, Break.RESET_BY_MEMSET, Break.RESET_BY_CALL_POINTER);
    static final List<Break> SELF = List.of(Break.OUT_FIRST, Break.ALL_BUT_ONE, Break.IF_WAIT, Break.FLAG_AFTER_WAIT, Break.BEFORE_FLAG,
            Break.DESTRUCTOR, Break.RESET_THROUGH_POINTER, Break.RESET_BY_MEMSET, Break.RESET_BY_CALL_POINTER);

    /** Where the counter and its companions live. */
    enum Layout { GLOBALS, STATIC_STRUCT, HEAP, HEAP_MALLOC }

    private final String base;
    private final Layout layout;
    /** The {@code malloc} layout: cleared by {@code memset} (else its fields are set one by one). */
    private final boolean clear;
    private final String c;
    private final String m;
    private final String cv;
    private final Break broken;
    private final String test;
    /** The stop flag of the self-counted form, or null; its mutex; whether it starts set (else main sets it). */
    private final String flag;
    private final String fm;
    private final boolean startsSet;

    /** The counter of worker role {@code id}, self-counted or not; {@code hole}: whether to break it (one of its breaks). */
    static CounterJoinForms of(int id, boolean self, boolean hole, Layout layout, boolean clear, Random rnd) {
        List<Break> breaks = new java.util.ArrayList<>(self ? SELF : COUNTED);
        if (layout == Layout.HEAP_MALLOC) breaks.add(Break.WRONG_START);
        return new CounterJoinForms(id, self, hole ? breaks.get(rnd.nextInt(breaks.size())) : null, layout, clear, rnd);
    }

    private CounterJoinForms(int id, boolean self, Break broken, Layout layout, boolean clear, Random rnd) {
        this.base = "live" + id;
        this.layout = layout;
        this.clear = clear;
        String at = switch (layout) {
            case GLOBALS -> null;
            case STATIC_STRUCT -> base + ".";
            case HEAP, HEAP_MALLOC -> base + "_p->";
        };
        this.c = at == null ? base : at + "c";
        this.m = at == null ? base + "_m" : at + "m";
        this.cv = at == null ? base + "_cv" : at + "cv";
        this.broken = broken;
        this.flag = self ? at == null ? "run" + id : at + "run" : null;
        this.fm = self && rnd.nextBoolean() ? at == null ? "run" + id + "_m" : at + "fm" : m;
        this.startsSet = self && rnd.nextBoolean();
        String[] tests = {c + " != 0", c + " > 0", c};
        // WRONG_START waits while the count is above 0: it started at -1, so with every thread out it is -1, not 0 (a
        // wait for 0 would never end when the threads finish before it begins: the harness's own program hung)
        this.test = broken == Break.ALL_BUT_ONE ? c + " > 1"
                : broken == Break.UNCOUNTED_FIRST || broken == Break.WRONG_START ? c + " > 0" : tests[rnd.nextInt(tests.length)];
    }

    void declare(List<String> decls) {
        if (broken == Break.DESTRUCTOR) {
            decls.add("static pthread_key_t " + base + "_key;");
            decls.add("static int " + base + "_cleaned;");
            decls.add("static void " + base + "_dtor(void *v) { (void) v; " + base + "_cleaned++; }");
        }
        if (layout != Layout.GLOBALS) {
            decls.add("struct " + base + "_s { pthread_mutex_t m; int c; pthread_cond_t cv; int run; pthread_mutex_t fm; void *next; };");
            if (layout != Layout.STATIC_STRUCT) decls.add("static struct " + base + "_s *" + base + "_p;");
            else decls.add("static struct " + base + "_s " + base + " = { .m = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER, "
                    + ".fm = PTHREAD_MUTEX_INITIALIZER" + (flag != null && startsSet ? ", .run = 1" : "") + " };");
            return;
        }
        decls.add("static int " + c + ";");
        decls.add("static pthread_mutex_t " + m + " = PTHREAD_MUTEX_INITIALIZER;");
        decls.add("static pthread_cond_t " + cv + " = PTHREAD_COND_INITIALIZER;");
        if (flag == null) return;
        decls.add("static int " + flag + (startsSet ? " = 1;" : ";"));
        if (!fm.equals(m)) decls.add("static pthread_mutex_t " + fm + " = PTHREAD_MUTEX_INITIALIZER;");
    }

    /**
     * Worker role {@code r} (routine {@code fn}, unit {@code u}) counted instead of joined: its counter declared, set up,
     * counted in before each create (detached), awaited by main among its joins. Self-counted a third of the time, the
     * layout drawn, both from streams of their own (the generator's other draws stay as they were).
     */
    static void place(ProgramGenerator.Role r, String fn, int u, boolean hole, long seed, Random nrnd, List<String> decls,
                      List<GenProgram.Node> main, List<GenProgram.Node> joins) {
        boolean self = new Random(seed ^ (0x5E1FL * r.id)).nextInt(3) == 0;
        Random lr = new Random(seed ^ (0xCE11L * r.id));
        Layout layout = Layout.values()[lr.nextInt(Layout.values().length)];
        r.counter = of(r.id, self, hole, layout, lr.nextBoolean(), nrnd);
        r.counter.declare(decls);
        if (r.counter.setUp() != null) main.add(GenProgram.Node.stmt(u, r.counter.setUp(), false));
        if (r.loop) {
            decls.add("pthread_t ts" + r.id + "[2];");
            decls.add("int ids" + r.id + "[2];");
            main.add(GenProgram.Node.block(u, "for (int i = 0; i < 2; i++) {", List.of(
                    GenProgram.Node.stmt(-1, "ids" + r.id + "[i] = i;", false),
                    GenProgram.Node.stmt(-1, r.counter.beforeCreate("i == 0"), false),
                    GenProgram.Node.stmt(-1, "if (pthread_create(&ts" + r.id + "[i], 0, " + fn + ", " + r.argument("i") + ") == 0) pthread_detach(ts" + r.id + "[i]);", false)), "}"));
        } else {
            decls.add("pthread_t t" + r.id + ";");
            main.add(GenProgram.Node.stmt(u, r.counter.beforeCreate("1") + " if (pthread_create(&t" + r.id + ", 0, " + fn + ", 0) == 0) pthread_detach(t" + r.id + ");", false));
        }
        joins.add(GenProgram.Node.stmt(u, r.counter.await(), false));
    }

    /** Whether the workers count themselves in and work while the stop flag is set. */
    boolean selfCounted() {
        return flag != null;
    }

    /** What main does before each create: count the thread in (self-counted: nothing). */
    String beforeCreate(String first) {
        return flag == null ? countIn(first) : "";
    }

    /** What main does once before the creates: create the key of break {@code DESTRUCTOR}, set the flag unless it starts set; or null. */
    String setUp() {
        String p = base + "_p";
        String fields = broken == Break.WRONG_START ? p + "->c = -1; " + p + "->run = 0;" : clear ? "memset(" + p + ", 0, sizeof *" + p + ");" : p + "->c = 0; " + p + "->run = 0; " + p + "->next = 0;";
        String made = layout == Layout.HEAP ? p + " = calloc(1, sizeof *" + p + ");" : p + " = malloc(sizeof *" + p + ");";
        String alloc = layout != Layout.HEAP && layout != Layout.HEAP_MALLOC ? "" : made + " if (!" + p + ") abort(); "
                + (layout == Layout.HEAP_MALLOC ? fields + " " : "") + "pthread_mutex_init(&" + p + "->m, 0); pthread_cond_init(&" + p
                + "->cv, 0); pthread_mutex_init(&" + p + "->fm, 0);" + (flag != null && startsSet ? " " + flag + " = 1;" : "");
        String key = broken == Break.DESTRUCTOR ? "pthread_key_create(&" + base + "_key, " + base + "_dtor);" : "";
        String set = flag == null || startsSet ? "" : flag + " = 1;";
        String both = (alloc + " " + key + " " + set).trim();
        return both.isEmpty() ? null : both;
    }

    /** What a worker does first (break {@code DESTRUCTOR}: set its thread-specific value), or null. */
    String workerStart() {
        return broken == Break.DESTRUCTOR ? "pthread_setspecific(" + base + "_key, &" + base + "_key);" : null;
    }

    /**
     * A self-counted worker's body: it counts itself in, then makes {@code accesses} while the flag is set (or, broken
     * {@code BEFORE_FLAG}, before reading it).
     */
    List<GenProgram.Node> selfBody(List<GenProgram.Node> accesses) {
        // broken OUT_FIRST, the count may pass 0 only at this count-in: wake the waiter here too (else it may sleep for ever)
        String wake = broken == Break.OUT_FIRST ? " pthread_cond_broadcast(&" + cv + ");" : "";
        String in = "pthread_mutex_lock(&" + m + "); " + c + "++;" + wake + (fm.equals(m) ? "" : " pthread_mutex_unlock(&" + m + "); pthread_mutex_lock(&" + fm + ");");
        List<GenProgram.Node> out = new java.util.ArrayList<>();
        if (broken == Break.BEFORE_FLAG) {
            out.add(GenProgram.Node.stmt(-1, in + " pthread_mutex_unlock(&" + fm + ");", false));
            out.addAll(accesses);
            out.add(GenProgram.Node.stmt(-1, "pthread_mutex_lock(&" + fm + "); if (" + flag + ") r++; pthread_mutex_unlock(&" + fm + ");", false));
            return out;
        }
        out.add(GenProgram.Node.stmt(-1, in, false));
        out.add(GenProgram.Node.block(-1, "if (" + flag + ") { pthread_mutex_unlock(&" + fm + ");", accesses, "pthread_mutex_lock(&" + fm + "); }"));
        out.add(GenProgram.Node.stmt(-1, "pthread_mutex_unlock(&" + fm + ");", false));
        return out;
    }

    /** Counting in a thread before its creation; {@code first}: a C condition true for the role's first thread. */
    String countIn(String first) {
        String in = "pthread_mutex_lock(&" + m + "); " + c + "++; pthread_mutex_unlock(&" + m + ");";
        return broken == Break.UNCOUNTED_FIRST ? "if (!(" + first + ")) { " + in + " }" : in;
    }

    /** A thread counting itself out and waking the waiter. */
    String countOut() {
        return "pthread_mutex_lock(&" + m + "); " + c + "--; pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
    }

    /** Whether the thread counts itself out before its accesses (the hole) rather than after them. */
    boolean outFirst() {
        return broken == Break.OUT_FIRST;
    }

    /** main's wait for the count (self-counted: after clearing the flag, or, broken, before). */
    String await() {
        // breaks RESET_*: the count cleared, holding its mutex, by a write the counter's own accesses do not show
        String reset = broken == Break.RESET_THROUGH_POINTER ? "{ int *cp = &" + c + "; *cp = 0; } "
                : broken == Break.RESET_BY_MEMSET ? "memset(&" + c + ", 0, sizeof " + c + "); "
                : broken == Break.RESET_BY_CALL_POINTER ? "{ void *(*clear)(void *, int, size_t) = memset; clear(&" + c + ", 0, sizeof " + c + "); } " : "";
        String wait = "pthread_mutex_lock(&" + m + "); " + reset + (broken == Break.IF_WAIT ? "if" : "while") + " (" + test + ") pthread_cond_wait(&" + cv + ", &" + m + "); pthread_mutex_unlock(&" + m + ");";
        if (broken == Break.DESTRUCTOR) wait += " r += " + base + "_cleaned;";
        if (flag == null) return wait;
        String clear = "pthread_mutex_lock(&" + fm + "); " + flag + " = 0; pthread_mutex_unlock(&" + fm + ");";
        return broken == Break.FLAG_AFTER_WAIT ? wait + " " + clear : clear + " " + wait;
    }
}
