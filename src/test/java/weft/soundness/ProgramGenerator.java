package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded generator of small closed concurrent C programs (same seed and options, same program). Each program
 * first gets a consistent protection discipline — per shared object a mutex, an rwlock, atomics, a
 * {@code __VERIFIER_atomic_*} function, ordering by create and join, one element per thread instance, or
 * read-only after start — and then, with {@link Options#holeProbability}, exactly one subtle hole that breaks it
 * (see {@link Hole}). Programs are well-defined C apart from the race itself: locks are balanced on every path,
 * never released unless held, loops are bounded, and a freed object is used after the free only by the racing
 * access of a free hole.
 */
final class ProgramGenerator {

    /** The holes of issue 31's three areas, whose constructs appear only with {@link Options#newForms}. */
    static final Set<Hole> ISSUE31 = EnumSet.range(Hole.ATOMIC_PUBLISH, Hole.ONCE_POINTER);

    /**
     * @param holeProbability probability that a program gets one hole
     * @param holes the holes that may be generated
     * @param truthOneIn a locked access hides behind one of the library truths ({@link LibraryForms#behindLibraryTruth})
     *        once in this many (14 by default; a campaign that tests how the truths combine with the holes draws them
     *        more often: {@code SoundnessBench --truths-often})
     */
    record Options(double holeProbability, Set<Hole> holes, boolean newForms, int truthOneIn) {
        /** Library truths drawn once in this many locked accesses unless a campaign asks for more. */
        static final int TRUTH_ONE_IN = 14;

        Options(double holeProbability, Set<Hole> holes, boolean newForms) {
            this(holeProbability, holes, newForms, TRUTH_ONE_IN);
        }

        /** With the constructs of issue 31 (atomic publication, recursive and C11 mutexes, indeterminate values). */
        Options(double holeProbability, Set<Hole> holes) {
            this(holeProbability, holes, true);
        }

        static Options all() {
            return new Options(0.6, EnumSet.allOf(Hole.class));
        }

        /** These options with library truths drawn once in {@code oneIn} locked accesses. */
        Options withTruthsOneIn(int oneIn) {
            return new Options(holeProbability, holes, newForms, oneIn);
        }
    }

    /**
     * XMUTEX: a lock of {@link MutexForms}; ONCE: written by a {@code pthread_once} initialiser only; READY: written by
     * main's concurrent part before it sets a ready flag, read by workers after they waited for it ({@link ReadyFlagForms}).
     */
    enum Guard { MUTEX, RWLOCK, ATOMIC, ATOMIC_TYPE, VATOMIC, ORDER, OWN, READ_ONLY, XMUTEX, ONCE, READY, TICKET }

    private static final Guard[] OLD_GUARDS = java.util.Arrays.copyOf(Guard.values(), 8);

    /**
     * The shape of a shared object. {@code MEMBER_ARRAY}: a struct with an array member between two scalars, accessed
     * also through a pointer into the member moved by an index the analyses cannot see ({@code *(o.buf + idx4(2))}:
     * the points-to analysis keeps it in the member, a range location, while the oracles run the exact element).
     */
    enum Kind { GLOBAL, ARRAY, STRUCT, HEAP, HEAP_STRUCT, ATOMIC_GLOBAL, ATOMIC_FIELD, MEMBER_ARRAY, PUBLISHED, ATOMIC_STRUCT }

    static final class Obj {
        String name;
        Kind kind;
        Guard guard;
        String lock; // lock expression (a pointer to the mutex or rwlock) for MUTEX and RWLOCK
        int lockIndex = -1; // index in the lock array, when the lock is an element of it
        boolean freedEarly;
        String primary; // the cell most accesses use, so that holes meet conflicting accesses
        MutexForms.XLock xlock; // the lock of an XMUTEX object

        boolean atomicKind() {
            return kind == Kind.ATOMIC_GLOBAL || kind == Kind.ATOMIC_FIELD;
        }
    }

    static final class Role {
        final int id; // 0 is main's concurrent part
        final boolean loop;
        /** A loop worker given its index by value ({@code (void *)(long)i}) rather than as {@code &ids[i]}. */
        boolean byValue;
        final List<Node> body = new ArrayList<>();
        /** Waited for through a counter of live workers ({@link CounterJoinForms}) instead of joined; null if joined. */
        CounterJoinForms counter;
        /**
         * A loop worker given a record allocated in its iteration ({@code int *rec = malloc(...); *rec = i;}), which it
         * reads its index from and writes through its argument (issue 34: per-thread records, the instances told apart
         * by a fresh allocation).
         */
        boolean records;

        Role(int id, boolean loop) {
            this.id = id;
            this.loop = loop;
        }

        /** The argument instance {@code i} of this loop worker gets. */
        String argument(String i) {
            return byValue ? "(void *) (long) " + i : "&ids" + id + "[" + i + "]";
        }
    }

    final Options options;
    Random rnd;
    Random nrnd; // the choices of issue 31's constructs, apart: without them, a seed gives the program it gave before
    Random frnd; // the choices of issue 35's formatting guards, apart likewise
    MutexForms mutexForms;
    private final LockAccess locks = new LockAccess(this);
    private final SpecialGuards special = new SpecialGuards(this);
    IndeterminateForms indet;
    int unit;
    int names;
    List<String> decls;
    List<Fn> helpers;
    List<GenProgram.Nondet> nondets;
    List<String> lockNames; // expressions &m0, &ml0[0], ...
    boolean wrappers;
    AccessForms forms;
    Hole hole;
    Obj holeObj;
    boolean holeDone;
    /** The seed of the program being generated. */
    private long seed;

    ProgramGenerator(Options options) {
        this.options = options;
    }

    GenProgram generate(long seed) {
        this.seed = seed;
        rnd = new Random(seed);
        unit = 0;
        names = 0;
        decls = new ArrayList<>();
        helpers = new ArrayList<>();
        forms = new AccessForms(rnd, helpers, () -> names++);
        nrnd = new Random(seed ^ 0x31313131DEADL);
        frnd = new Random(seed ^ 0x35353535F0F0L);
        mutexForms = new MutexForms(nrnd, helpers, () -> names++);
        indet = new IndeterminateForms(() -> names++, (lo, hi) -> {
            nondets.add(new GenProgram.Nondet(lo, hi));
            return "$N" + (nondets.size() - 1) + "$";
        });
        nondets = new ArrayList<>();
        lockNames = new ArrayList<>();
        wrappers = false;
        holeDone = false;
        decls.add("int lockflag;");
        // locks: one or two plain mutexes, maybe an array of two
        int plain = 1 + rnd.nextInt(2);
        for (int i = 0; i < plain; i++) {
            decls.add("pthread_mutex_t m" + i + " = PTHREAD_MUTEX_INITIALIZER;");
            lockNames.add("&m" + i);
        }
        boolean lockArray = rnd.nextBoolean();
        if (lockArray) {
            decls.add("pthread_mutex_t ml[2];");
            lockNames.add("&ml[0]");
            lockNames.add("&ml[1]");
        }
        decls.add("pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;");
        // threads: 1..3 workers, at most 3 threads besides main
        List<Role> roles = new ArrayList<>();
        roles.add(new Role(0, false));
        int threads = 0;
        int want = 1 + rnd.nextInt(3);
        // with issue 31's holes only, half the programs are small (one worker, one object): their other pairs are
        // simple enough for the thread-modular layer to exclude, so that a wrong exclusion of the hole shows as a true
        boolean small = options.newForms() && ProgramGenerator.ISSUE31.containsAll(options.holes()) && new Random(seed ^ 0x5A11L).nextBoolean();
        if (small) want = 1;
        // likewise with the record-join hole only: half the programs are one loop worker with records and one object
        boolean recordSmall = options.holes().equals(EnumSet.of(Hole.RECORD_JOIN)) && new Random(seed ^ 0x5A11L).nextBoolean();
        if (recordSmall) want = 2;
        Random keys = new Random(seed ^ 0x2545F4914F6CDD1DL);
        for (int r = 1; threads < want; r++) {
            boolean loop = want - threads >= 2 && (rnd.nextInt(3) == 0 || recordSmall);
            Role role = new Role(r, loop);
            role.byValue = loop && keys.nextBoolean() && !recordSmall;
            role.records = options.newForms() && loop && !role.byValue
                    && (options.holes().equals(EnumSet.of(Hole.SHARED_RECORD)) || options.holes().equals(EnumSet.of(Hole.RECORD_JOIN)) || nrnd.nextInt(3) == 0);
            roles.add(role);
            threads += loop ? 2 : 1;
        }
        // objects
        int count = 1 + rnd.nextInt(3);
        if (small || recordSmall) count = 1;
        List<Obj> objs = new ArrayList<>();
        for (int i = 0; i < count; i++) objs.add(object(i, roles));
        // the hole: a kind that fits one of the objects
        hole = null;
        holeObj = null;
        holeRoleIndex = 0;
        if (rnd.nextDouble() < options.holeProbability()) chooseHole(objs, roles);
        List<Node> init = new ArrayList<>();
        List<Node> post = new ArrayList<>();
        List<Node> frees = new ArrayList<>();
        init.add(Node.stmt(-1, "lockflag = 1;", false));
        if (lockArray) init.add(Node.stmt(-1, "for (int i = 0; i < 2; i++) pthread_mutex_init(&ml[i], 0);", false));
        for (Obj o : objs) declare(o, init, frees);
        for (Obj o : objs) accesses(o, roles, init, post);
        exitHandler(objs, init);
        // main: init, creates, its concurrent part, joins, post, frees
        List<Node> main = new ArrayList<>(init);
        List<Node> joins = new ArrayList<>();
        List<Fn> relays = new ArrayList<>();
        boolean partialJoin = hole == Hole.PARTIAL_JOIN || hole == Hole.EXIT_HANDLER;
        boolean tryJoin = hole == Hole.TRY_JOIN;
        for (Role r : roles) {
            if (r.id == 0) continue;
            int u = unit++;
            String fn = "worker" + r.id;
            boolean counterHole = hole == Hole.COUNTER_JOIN && r.id == 1 + holeRole(roles);
            // not with the self-call hole: the worker's direct call of its routine would count it out twice (and
            // the count, going below 0, would keep main waiting forever)
            if (counterHole || options.newForms() && !(partialJoin || tryJoin) && hole != Hole.SELF_CALL && !(hole == Hole.RECORD_JOIN && r.records)
                    && !(hole == Hole.CANCEL_RELAY && r.id == 1 + holeRole(roles)) && nrnd.nextInt(6) == 0) {
                // the workers counted in and out, main waits for the count to reach 0 (issue 34)
                CounterJoinForms.place(r, fn, u, counterHole, seed, nrnd, decls, main, joins);
                continue;
            }
            if (r.loop) {
                decls.add("pthread_t ts" + r.id + "[2];");
                decls.add("int ids" + r.id + "[2];");
                String index = hole == Hole.SHARED_INDEX && holeObj != null ? "0" : "i";
                String arg = r.argument(index);
                Role firstRecords = roles.stream().filter(x -> x.records).findFirst().orElse(null);
                boolean recordHole = hole == Hole.RECORD_JOIN && r == firstRecords;
                boolean otherJoinHole = (partialJoin || tryJoin) && r.id == 1 + holeRole(roles);
                if (r.records && !otherJoinHole && !(hole == Hole.SHARED_RECORD && r == firstRecords)
                        && (recordHole || new Random(seed ^ (0x7EC0DL * r.id)).nextBoolean())) {
                    // records that hold their thread's id, joined through them (issue 34); the hole breaks the join
                    RecordJoinForms.Break broken = recordHole ? RecordJoinForms.Break.values()[nrnd.nextInt(RecordJoinForms.Break.values().length)] : null;
                    RecordJoinForms forms = new RecordJoinForms(r.id, broken, new Random(seed ^ (0x5EC0DL * r.id)).nextBoolean());
                    forms.declare(decls, relays);
                    List<Node> body = new ArrayList<>();
                    body.add(Node.stmt(-1, "ids" + r.id + "[i] = i;", false));
                    body.addAll(forms.createBody(fn));
                    main.add(forms.boundDecl(u));
                    main.add(Node.block(u, "for (int i = 0; i < " + forms.bound() + "; i++) {", body, "}"));
                    joins.add(forms.joinLoop(u));
                    if (recordHole) holeDone = true;
                    continue;
                }
                if (r.records) {
                    // a record per iteration (or, for the hole, one for all, allocated before the loop)
                    String rec = "rec" + r.id;
                    boolean shared = hole == Hole.SHARED_RECORD && r == firstRecords;
                    if (shared) main.add(Node.stmt(u, "int *" + rec + " = malloc(sizeof(int)); if (" + rec + " == 0) return 0; *" + rec + " = 0;", false));
                    // the record from malloc or calloc, handed over as it is or through a copy of the pointer
                    Random shape = new Random(seed ^ (0x5EC0DL * r.id));
                    String fresh = shape.nextBoolean() ? "malloc(sizeof(int))" : "calloc(1, sizeof(int))";
                    String given = shape.nextBoolean() ? rec : "copy" + r.id;
                    String alloc = "int *" + rec + " = " + fresh + "; if (" + rec + " == 0) return 0; *" + rec + " = " + index + ";"
                            + (given.equals(rec) ? "" : " int *" + given + " = " + rec + ";");
                    main.add(Node.block(u, "for (int i = 0; i < 2; i++) {", List.of(
                            Node.stmt(-1, "ids" + r.id + "[i] = i;", false),
                            Node.stmt(-1, shared ? "/* one record for all */" + (given.equals(rec) ? "" : " int *" + given + " = " + rec + ";") : alloc, false),
                            Node.stmt(-1, "pthread_create(&ts" + r.id + "[i], 0, " + fn + ", " + given + ");", false)), "}"));
                    if (shared) holeDone = true;
                } else {
                    main.add(Node.block(u, "for (int i = 0; i < 2; i++) {", List.of(
                            Node.stmt(-1, "ids" + r.id + "[i] = i;", false),
                            Node.stmt(-1, "pthread_create(&ts" + r.id + "[i], 0, " + fn + ", " + arg + ");", false)), "}"));
                }
                int n = partialJoin && r.id == 1 + holeRole(roles) ? 1 : 2;
                String join = tryJoin && r.id == 1 + holeRole(roles) ? "pthread_tryjoin_np" : "pthread_join";
                joins.add(Node.stmt(u, "for (int i = 0; i < " + n + "; i++) " + join + "(ts" + r.id + "[i], 0);", false));
            } else {
                decls.add("pthread_t t" + r.id + ";");
                boolean c11 = false;
                boolean cancel = hole == Hole.CANCEL_RELAY && r.id == 1 + holeRole(roles);
                if (cancel || rnd.nextInt(5) == 0) {
                    // a relay thread starts the worker and joins it: main's join of the relay orders the worker too
                    String relay = "relay" + r.id;
                    // the relay's one cancellation point is pthread_testcancel: cancelled within pthread_join, a thread
                    // leaves ThreadSanitizer's interceptor with its ignores on (TSan stops with exit 66)
                    relays.add(new Fn("void *" + relay + "(void *arg)", List.of(Node.stmt(-1, "pthread_t c;", false),
                            Node.stmt(-1, "int old;", false),
                            Node.stmt(-1, "if (pthread_create(&c, 0, " + fn + ", arg) != 0) return 0;", false),
                            Node.stmt(-1, "pthread_testcancel();", false),
                            Node.stmt(-1, "pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);", false),
                            Node.stmt(-1, "pthread_join(c, 0);", false)), "return 0;", false));
                    main.add(Node.stmt(u, "pthread_create(&t" + r.id + ", 0, " + relay + ", 0);", false));
                    if (cancel) {
                        main.add(Node.stmt(u, "pthread_cancel(t" + r.id + ");", false));
                        holeDone = true;
                    }
                } else if (rnd.nextInt(4) == 0) {
                    main.add(Node.block(u, "{", List.of(
                            Node.stmt(-1, "void *(*start)(void *) = " + fn + ";", false),
                            Node.stmt(-1, "pthread_create(&t" + r.id + ", 0, start, 0);", false)), "}"));
                } else if (options.newForms() && !(tryJoin && r.id == 1 + holeRole(roles)) && nrnd.nextInt(4) == 0) { // C11: thrd_create through a trampoline
                    decls.set(decls.size() - 1, "thrd_t t" + r.id + ";");
                    relays.add(new Fn("int c11_" + fn + "(void *arg)", List.of(), "return (int) (long) " + fn + "(arg);", false));
                    main.add(Node.stmt(u, "if (thrd_create(&t" + r.id + ", c11_" + fn + ", 0) != thrd_success) return 0;", false));
                    c11 = true;
                } else {
                    main.add(Node.stmt(u, "pthread_create(&t" + r.id + ", 0, " + fn + ", 0);", false));
                }
                if (tryJoin && r.id == 1 + holeRole(roles)) {
                    // a try that may fail: unchecked, its result kept untested, or tested with both branches going on
                    int form = new Random(seed ^ 0x7A1L).nextInt(3);
                    String tj = "pthread_tryjoin_np(t" + r.id + ", 0)";
                    joins.add(Node.stmt(u, form == 0 ? tj + ";" : form == 1 ? "{ int tr = " + tj + "; (void) tr; }"
                            : "if (" + tj + " != 0) sched_yield();", false));
                } else if (!(partialJoin && r.id == 1 + holeRole(roles))) {
                    // race-free twin of the hole: a join retried until it succeeds
                    boolean spin = !c11 && options.newForms() && nrnd.nextInt(8) == 0;
                    // the retried try half the time through a copy of its result (ThreadEvents.tries follows copies)
                    String retry = new Random(seed ^ 0x5917L).nextBoolean() ? "while (pthread_tryjoin_np(t" + r.id + ", 0) != 0) sched_yield();"
                            : "{ int tr; do tr = pthread_tryjoin_np(t" + r.id + ", 0); while (tr != 0); }";
                    joins.add(Node.stmt(u, c11 ? "thrd_join(t" + r.id + ", 0);" : spin ? retry : "pthread_join(t" + r.id + ", 0);", false));
                }
            }
        }
        // the join trees and slot masks of issue 34 (IdiomPlacement), each in some of the programs; the hole breaks one
        if (options.newForms() && IdiomPlacement.place(this, seed, hole, decls, helpers, main, joins)) holeDone = true;
        main.addAll(roles.get(0).body);
        main.addAll(joins);
        main.addAll(post);
        main.addAll(frees);
        List<Fn> fns = new ArrayList<>();
        if (wrappers) {
            fns.add(new Fn("void acquire(pthread_mutex_t *p)", List.of(Node.stmt(-1, "pthread_mutex_lock(p);", false)), null, false));
            fns.add(new Fn("void release(pthread_mutex_t *p)", List.of(Node.stmt(-1, "pthread_mutex_unlock(p);", false)), null, false));
            fns.add(new Fn("int release_one(pthread_mutex_t *p)", List.of(Node.stmt(-1, "pthread_mutex_unlock(p);", false)), "return 1;", false));
        }
        fns.addAll(helpers);
        for (Role r : roles) {
            if (r.id == 0) continue;
            List<Node> body = new ArrayList<>();
            body.add(Node.stmt(-1, "int r = 0;", false));
            if (r.loop) body.add(Node.stmt(-1, r.byValue ? "long id = (long) arg;" : "int id = *(int *) arg;", false));
            if (r.counter != null && r.counter.workerStart() != null) body.add(Node.stmt(-1, r.counter.workerStart(), false));
            if (r.counter != null && r.counter.outFirst()) body.add(Node.stmt(-1, r.counter.countOut(), false));
            List<Node> work = new ArrayList<>(r.body);
            if (r.records) work.add(Node.stmt(-1, "(*(int *) arg)++;", true));
            body.addAll(r.counter != null && r.counter.selfCounted() ? r.counter.selfBody(work) : work);
            String ret = r.loop ? "return (void *) (long) (r + id);" : "return (void *) (long) r;";
            if (r.counter != null && !r.counter.outFirst()) ret = r.counter.countOut() + " " + ret;
            // a routine whose end no path reaches: it leaves through pthread_exit in a loop (the dataflows over a
            // function's nodes once stopped on an unreachable node, corpus 34-counter-joins/08)
            if (new Random(seed ^ (0xE817L * r.id)).nextInt(4) == 0) {
                int at = ret.lastIndexOf("return ");
                String value = ret.substring(at + "return ".length(), ret.length() - 1);
                ret = ret.substring(0, at) + "for (;;) pthread_exit(" + value + ");";
            }
            fns.add(new Fn("void *worker" + r.id + "(void *arg)", body, ret, false));
        }
        fns.addAll(relays);
        List<Node> mainBody = new ArrayList<>();
        mainBody.add(Node.stmt(-1, "int r = 0;", false));
        mainBody.addAll(main);
        // likewise main, leaving through exit in a loop
        fns.add(new Fn("int main(void)", mainBody, new Random(seed ^ 0xE817L).nextInt(4) == 0 ? "for (;;) exit(r == 12345);" : "return r == 12345;", false));
        String summary = objs.stream().map(o -> o.name + ":" + o.guard.name().toLowerCase()).reduce((a, b) -> a + " " + b).orElse("")
                + (hole == null ? "" : "; hole " + hole.name().toLowerCase() + " on " + holeObj.name + (holeDone ? "" : " (not placed)"));
        // a third of the programs take their inputs from argc (decided apart from rnd: the other seeds' programs stay as they were)
        boolean argcInputs = !nondets.isEmpty() && new Random(seed ^ 0x5DEECE66DL).nextInt(3) == 0;
        return new GenProgram(seed, argcInputs ? summary + "; inputs from argc" : summary, decls, fns, nondets, argcInputs);
    }

    /** The index (among workers, from 0) of a worker that accesses the hole object; 0 if unknown. */
    int holeRoleIndex = 0;

    private int holeRole(List<Role> roles) {
        return holeRoleIndex;
    }

    private Obj object(int i, List<Role> roles) {
        Obj o = new Obj();
        boolean anyLoop = roles.stream().anyMatch(r -> r.loop);
        Guard[] guards = OLD_GUARDS;
        do {
            // mutexes are the common case
            o.guard = rnd.nextInt(5) < 2 ? Guard.MUTEX : guards[rnd.nextInt(guards.length)];
        } while (o.guard == Guard.OWN && !anyLoop || o.guard == Guard.ORDER && roles.stream().noneMatch(r -> r.id > 0 && !r.loop));
        o.name = "o" + i;
        switch (o.guard) {
            case ATOMIC_TYPE -> o.kind = rnd.nextBoolean() ? Kind.ATOMIC_GLOBAL : Kind.ATOMIC_FIELD;
            case OWN -> o.kind = rnd.nextBoolean() ? Kind.ARRAY : Kind.HEAP;
            default -> o.kind = new Kind[] {Kind.GLOBAL, Kind.ARRAY, Kind.STRUCT, Kind.HEAP, Kind.HEAP_STRUCT}[rnd.nextInt(5)];
        }
        if (o.kind == Kind.STRUCT && rnd.nextInt(3) == 0) o.kind = Kind.MEMBER_ARRAY;
        if (options.newForms()) Issue31Shapes.shape(options, nrnd, o, i);
        // a ready flag (issue 34): a tenth of the objects; the first one always when READY_FLAG is the only hole
        boolean readyHole = i == 0 && options.holes().contains(Hole.READY_FLAG) && options.holes().size() == 1;
        if (options.newForms() && o.guard != Guard.OWN && !o.kind.name().startsWith("ATOMIC") && o.kind != Kind.PUBLISHED
                && (readyHole || nrnd.nextInt(10) == 0)) {
            o.guard = Guard.READY;
        }
        // slots selected by tickets (issue 34): an eighth of the arrays; the first one always when TICKET is the only hole
        boolean ticketHole = i == 0 && options.holes().equals(EnumSet.of(Hole.TICKET));
        if (ticketHole && o.kind != Kind.ARRAY && o.kind != Kind.HEAP) o.kind = Kind.ARRAY;
        if (options.newForms() && (o.kind == Kind.ARRAY || o.kind == Kind.HEAP) && o.guard != Guard.READY
                && (ticketHole || new Random(seed ^ (0x71C4L * (i + 1))).nextInt(8) == 0)) {
            o.guard = Guard.TICKET;
        }
        if (o.guard == Guard.MUTEX) {
            int k = rnd.nextInt(lockNames.size());
            o.lock = lockNames.get(k);
            if (o.lock.startsWith("&ml[")) o.lockIndex = o.lock.charAt(4) - '0';
        } else if (o.guard == Guard.RWLOCK) {
            o.lock = "&rw";
        }
        return o;
    }

    private void declare(Obj o, List<Node> init, List<Node> frees) {
        String n = o.name;
        switch (o.kind) {
            case GLOBAL -> decls.add("int " + n + ";");
            case ARRAY -> decls.add("int " + n + "[4];");
            case STRUCT -> decls.add("struct { int x; int y; } " + n + ";");
            case MEMBER_ARRAY -> {
                if (!decls.contains(IDX4)) decls.add(IDX4);
                decls.add("struct { int pre; int buf[4]; int post; } " + n + ";");
            }
            case HEAP -> {
                decls.add("int *" + n + ";");
                init.add(Node.stmt(-1, n + " = malloc(4 * sizeof(int));", false));
                init.add(Node.stmt(-1, "if (" + n + " == 0) return 0;", false));
                init.add(Node.stmt(-1, "for (int i = 0; i < 4; i++) " + n + "[i] = 0;", false));
            }
            case HEAP_STRUCT -> {
                decls.add("struct " + n + "_t { int x; int y; } *" + n + ";");
                init.add(Node.stmt(-1, n + " = malloc(sizeof(struct " + n + "_t));", false));
                init.add(Node.stmt(-1, "if (" + n + " == 0) return 0;", false));
                init.add(Node.stmt(-1, n + "->x = 0;", false));
                init.add(Node.stmt(-1, n + "->y = 0;", false));
            }
            case ATOMIC_GLOBAL -> decls.add((rnd.nextBoolean() ? "_Atomic int " : "_Atomic(int) ") + n + ";");
            case ATOMIC_FIELD -> decls.add("struct { int pad; " + (rnd.nextBoolean() ? "_Atomic int" : "_Atomic(int)") + " v; } " + n + ";");
            case PUBLISHED -> AtomicForms.declarePublished(n, nrnd, decls, init);
            case ATOMIC_STRUCT -> AtomicForms.declareWhole(n, decls);
        }
        if (o.guard == Guard.XMUTEX) o.xlock = mutexForms.declare(n, hole == Hole.RECURSIVE_UNLOCK && holeObj == o, decls, init);
        if (o.guard == Guard.ONCE) MutexForms.declareOnce(n, forms.plainOp(lvalue(o, null), 1 + rnd.nextInt(3)), decls, helpers);
        if (o.kind == Kind.HEAP || o.kind == Kind.HEAP_STRUCT) {
            if (hole == Hole.FREE_EARLY && holeObj == o) o.freedEarly = true;
            // a thread the partial join misses may still use the object: freeing it is a free hole
            else if ((hole == Hole.PARTIAL_JOIN || hole == Hole.TRY_JOIN || hole == Hole.COUNTER_JOIN || hole == Hole.EXIT_HANDLER || hole == Hole.CANCEL_RELAY)
                    && !options.holes().contains(Hole.FREE_EARLY)) frees.add(Node.stmt(-1, "/* not freed */", false));
            else frees.add(Node.stmt(-1, "free(" + n + ");", false));
        }
    }

    private void chooseHole(List<Obj> objs, List<Role> roles) {
        List<Hole> candidates = new ArrayList<>(options.holes());
        java.util.Collections.shuffle(candidates, rnd);
        for (Hole h : candidates) {
            for (Obj o : objs) {
                if (fits(h, o, roles)) {
                    hole = h;
                    holeObj = o;
                    return;
                }
            }
        }
    }

    private boolean fits(Hole h, Obj o, List<Role> roles) {
        boolean heap = o.kind == Kind.HEAP || o.kind == Kind.HEAP_STRUCT;
        if (o.guard == Guard.ONCE && h != Hole.ONCE_POINTER) return false;
        if (o.guard == Guard.READY && h != Hole.READY_FLAG) return false;
        if (o.guard == Guard.TICKET && h != Hole.TICKET) return false;
        boolean plainMutex = o.guard == Guard.MUTEX && !o.kind.name().startsWith("ATOMIC");
        return switch (h) {
            case ATOMIC_PUBLISH -> o.guard == Guard.MUTEX && o.kind == Kind.PUBLISHED;
            case ATOMIC_STRUCT_PLAIN -> o.kind == Kind.ATOMIC_STRUCT;
            case RECURSIVE_UNLOCK -> o.guard == Guard.XMUTEX;
            case ONCE_POINTER -> o.guard == Guard.ONCE;
            case READY_FLAG -> o.guard == Guard.READY;
            case SHARED_RECORD, RECORD_JOIN -> roles.stream().anyMatch(r -> r.records);
            case JOIN_TREE, SLOT_MASK, INDEX_TREE -> options.newForms();
            case TICKET -> o.guard == Guard.TICKET;
            case UNINIT_BRANCH, UNINIT_POINTER, UNINIT_HEAP, UNINIT_COPY, UNINIT_REALLOC, UNINIT_ALLOC, UNINIT_CREATE, UNINIT_SPECIFIC, ATOMIC_COUNTER_GATE -> plainMutex;
            case UNINIT_INDEX -> plainMutex && (o.kind == Kind.ARRAY || o.kind == Kind.HEAP);
            case STREAM_WRITE -> plainMutex;
            case NO_LOCK, TRYLOCK_ELSE, NONDET_CONDITIONAL_LOCK, CALLEE_RELEASE -> o.guard == Guard.MUTEX;
            case WRONG_LOCK, RELEASE_SOME_LOCK -> o.guard == Guard.MUTEX && lockNames.size() >= 2;
            case VLA_OUTSIDE -> o.guard == Guard.MUTEX && !o.kind.name().startsWith("ATOMIC");
            case FREE_EARLY -> heap && o.guard != Guard.OWN;
            case WRITE_UNDER_READ_LOCK -> o.guard == Guard.RWLOCK;
            case PLAIN_AMONG_ATOMICS -> o.guard == Guard.ATOMIC || o.guard == Guard.VATOMIC;
            case EARLY_MAIN_ACCESS -> o.guard == Guard.ORDER;
            case PARTIAL_JOIN -> !o.kind.name().startsWith("ATOMIC");
            // an object main's access after the failed join really races on: plain accesses, some of them writes
            case TRY_JOIN, COUNTER_JOIN -> !o.kind.name().startsWith("ATOMIC") && o.guard != Guard.ATOMIC && o.guard != Guard.VATOMIC
                    && o.guard != Guard.ATOMIC_TYPE && o.guard != Guard.READ_ONLY;
            case SHARED_INDEX, SELF_CALL -> o.guard == Guard.OWN;
            case WRITE_READ_ONLY -> o.guard == Guard.READ_ONLY;
            case EXIT_HANDLER -> exitHandlerFits(o);
            case CANCEL_RELAY -> o.guard == Guard.ORDER;
        };
    }

    /** Objects an exit handler may write: never freed (handlers run after main's frees), plain, not per thread. */
    private static boolean exitHandlerFits(Obj o) {
        return (o.kind == Kind.GLOBAL || o.kind == Kind.ARRAY || o.kind == Kind.STRUCT) && o.guard != Guard.OWN;
    }

    /**
     * An {@code atexit} handler that writes an object: for the exit-handler hole, the hole object (one of its
     * workers is not joined); otherwise, sometimes, an object that every thread is done with when main returns, since
     * main joins them all first (race-free: the handlers run in main's thread, after its last statement).
     */
    private void exitHandler(List<Obj> objs, List<Node> init) {
        Obj o = null;
        if (hole == Hole.EXIT_HANDLER) {
            o = holeObj;
            holeDone = true;
        } else if (hole != Hole.PARTIAL_JOIN && hole != Hole.TRY_JOIN && hole != Hole.COUNTER_JOIN && hole != Hole.CANCEL_RELAY && rnd.nextInt(4) == 0) {
            List<Obj> fit = objs.stream().filter(ProgramGenerator::exitHandlerFits).toList();
            if (!fit.isEmpty()) o = fit.get(rnd.nextInt(fit.size()));
        }
        if (o == null) return;
        String h = "bye" + names++;
        if (o.primary == null) o.primary = anyLvalue(o);
        helpers.add(new Fn("void " + h + "(void)", List.of(Node.stmt(-1, forms.plainOp(o.primary, 2), true)), null, false));
        init.add(Node.stmt(unit++, "atexit(" + h + ");", false));
    }

    private void accesses(Obj o, List<Role> roles, List<Node> init, List<Node> post) {
        List<Role> workers = roles.subList(1, roles.size());
        boolean isHole = holeObj == o;
        if (special.place(o, roles, init, post)) return;
        if (o.guard == Guard.READ_ONLY) init.add(Node.stmt(-1, forms.plainOp(lvalue(o, null), 1), false));
        // participants: two or three of main's concurrent part and the workers
        List<Role> parts = new ArrayList<>(roles);
        java.util.Collections.shuffle(parts, rnd);
        int n = Math.min(parts.size(), 2 + rnd.nextInt(2));
        parts = new ArrayList<>(parts.subList(0, n));
        if (parts.stream().noneMatch(r -> r.id > 0)) parts.add(workers.get(0));
        Role holeRole = null;
        for (Role r : parts) if (r.id > 0 && holeRole == null) holeRole = r;
        if (isHole) holeRoleIndex = holeRole.id - 1;
        boolean wrote = false;
        for (Role r : parts) {
            int ops = 1 + rnd.nextInt(2);
            for (int i = 0; i < ops; i++) {
                int op = rnd.nextInt(4); // 0 read, 1..3 writes
                if (o.guard == Guard.READ_ONLY) op = 0;
                if (!wrote && r == parts.get(parts.size() - 1) && i == ops - 1 && o.guard != Guard.READ_ONLY) op = 1 + rnd.nextInt(3);
                wrote |= op > 0;
                boolean holeHere = isHole && r == holeRole && !holeDone && hole != Hole.PARTIAL_JOIN && hole != Hole.TRY_JOIN && hole != Hole.COUNTER_JOIN
                        && hole != Hole.FREE_EARLY && hole != Hole.SHARED_RECORD && hole != Hole.RECORD_JOIN && hole != Hole.JOIN_TREE
                        && hole != Hole.SLOT_MASK && hole != Hole.INDEX_TREE; // those break a role, not the object
                r.body.add(locks.access(o, r, op, holeHere));
                if (holeHere) holeDone = true;
            }
        }
        if (isHole && hole == Hole.ATOMIC_PUBLISH) {
            roles.get(0).body.add(Node.stmt(unit++, AtomicForms.publisher(o.name, "x", nrnd, forms.plainOp("$LV$", 1 + nrnd.nextInt(3))), true));
        }
        if (isHole && hole == Hole.FREE_EARLY) {
            roles.get(0).body.add(Node.stmt(unit++, "free(" + o.name + ");", true));
            holeDone = true;
        } else if (isHole && (hole == Hole.PARTIAL_JOIN || hole == Hole.TRY_JOIN || hole == Hole.COUNTER_JOIN) || rnd.nextBoolean()) {
            if (isHole && (hole == Hole.PARTIAL_JOIN || hole == Hole.TRY_JOIN || hole == Hole.COUNTER_JOIN)) holeDone = true;
            post.add(Node.stmt(unit++, o.guard == Guard.ATOMIC ? forms.atomicOp(lvalue(o, null), 0) : "r += " + lvalue(o, null) + ";", true));
        }
    }

    /** An lvalue of the object, as seen from role {@code r} (null: main outside the concurrent part). */
    String lvalue(Obj o, Role r) {
        if (o.primary == null) o.primary = anyLvalue(o);
        return rnd.nextInt(10) < 7 ? o.primary : anyLvalue(o);
    }

    /** An index the analyses do not follow through the call (its result is any int to them), always within 0..3. */
    private static final String IDX4 = "static int idx4(int k) { return k & 3; }";

    private String anyLvalue(Obj o) {
        String n = o.name;
        return switch (o.kind) {
            case GLOBAL, ATOMIC_GLOBAL -> n;
            case ARRAY -> n + "[" + rnd.nextInt(4) + "]";
            case HEAP -> rnd.nextBoolean() ? "*" + n : n + "[" + rnd.nextInt(4) + "]";
            case STRUCT -> n + (rnd.nextBoolean() ? ".x" : ".y");
            case MEMBER_ARRAY -> switch (rnd.nextInt(4)) {
                case 0 -> n + ".buf[" + rnd.nextInt(4) + "]";
                case 1 -> n + (rnd.nextBoolean() ? ".pre" : ".post");
                default -> "*(" + n + ".buf + idx4(" + rnd.nextInt(4) + "))";
            };
            case HEAP_STRUCT -> n + (rnd.nextBoolean() ? "->x" : "->y");
            case ATOMIC_FIELD -> n + ".v";
            case PUBLISHED -> AtomicForms.publishedLvalue(n, rnd);
            case ATOMIC_STRUCT -> "atomic_load(&" + n + ").x"; // read only: post accesses
        };
    }
}
