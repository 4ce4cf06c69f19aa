package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.GlobalInit;
import weft.ir.IntConversions;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.StructType;
import weft.ir.Variable;
import weft.model.LibraryModels;
import weft.trace.RaceWitness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything one execution changes: memory, threads, synchronisation objects, the nondeterministic choices made.
 * The initial state is built once per program ({@link #initial}) and forked for each execution.
 *
 * <p>Globals are initialised from {@link Program#init} and zero elsewhere, as C's static initialisation does. What
 * the IR does not give is marked unknown so that reading it abandons: the content of long string literals (beyond
 * the prefix the IR keeps in the name), char arrays initialised from string literals (the front end drops those
 * initialisers), objects with bit-field initialisers (items carry no bit position), and objects that libc declares in
 * system headers without a definition in the program (their value is libc's, not zero).
 */
public final class ExecState {
    private static final Set<String> STREAMS = Set.of("stdin", "stdout", "stderr");

    public final Program program;
    public final DataModel dm;
    /** {@code void *} of the data model: the type the library models read and write pointers with. */
    public final weft.ir.CType.Pointer voidPointer;
    public final Memory mem;
    /** Variable id to object id, for static-storage variables (thread-local ones: to their template object). */
    final Map<Integer, Integer> globals;
    public final List<ThreadState> threads = new ArrayList<>();
    public final Sync sync = new Sync();
    public final Map<String, String> nondetLog = new LinkedHashMap<>();
    final Map<String, Integer> nondetCount = new HashMap<>();
    public Chooser chooser;
    int heapCount;
    /** Threads beyond this many are not created (the creating thread stays before its pthread_create). */
    public int maxThreads = LibraryBehaviour.MAX_THREADS;
    /** Counts changes of synchronisation and thread state (every executed library call, thread end). */
    long syncEpoch;
    /**
     * Exhaustive (proof) mode, see {@code explore.StateSpace}: condition waits may wake spuriously, library writes that the
     * witness search leaves unrecorded (thread ids, join results, keys) are recorded as accesses, and output
     * functions that read memory they cannot account for abandon.
     */
    public boolean exhaustive;
    /**
     * Calls of C library functions with hidden state ({@code rand}, {@code strtok}...) read and write their
     * group's pseudo-object (see {@code weft.access.AccessCollector}), so that such calls in parallel race.
     */
    public boolean libcStateRaces;
    /** Some condition wait of this execution woke without a signal (proof mode only). */
    public boolean spuriousWakeup;
    /** Set while an atomic section is executed speculatively (see {@link Speculation}). */
    boolean speculating;
    /** Values returned by nondeterministic integer inputs so far (candidates for later inputs). */
    final List<Long> previousValues = new ArrayList<>();
    /** Values to try first for nondeterministic inputs, by call location ({@link ExploreOptions#valueHints()}). */
    public Map<String, List<Long>> valueHints = Map.of();
    /** Nondeterministic choices being recorded (speculation) or replayed (the real run of a speculated section). */
    List<Long> recording;
    java.util.ArrayDeque<Long> replay;

    /** The synchronisation state before the first change while speculating (null: unchanged so far). */
    Sync syncBeforeSpeculation;

    /**
     * Called before anything may change {@link #sync} or thread state: while speculating, keeps a copy to restore;
     * marks the transition being recorded as depending on everything (see {@link Memory.Footprint#global}).
     */
    void beforeSyncChange() {
        if (mem.footprint != null) mem.footprint.global = true;
        beforeLockChange();
    }

    /** Called before a lock is taken or released: the caller records the lock in the footprint itself. */
    void beforeLockChange() {
        syncEpoch++;
        if (speculating && syncBeforeSpeculation == null) syncBeforeSpeculation = sync.copy();
    }

    /**
     * Adds a thread (main first, then in creation order), with the object its handle points to in a proof.
     *
     * <p>Thread handles ({@code pthread_t}, {@code thrd_t}) have values POSIX leaves unspecified: glibc's are the
     * addresses of the threads' descriptors. A witness search gives thread n the handle n + 1, a choice like any
     * input, which the reproducer's runtime makes too (its handles are n + 1, translated to the real threads). A proof
     * must hold for every handle: there a handle is a pointer to an object of its own, which the program may compare
     * for equality and pass back to the thread library, while the pointer model stops the proof where the program
     * computes with the handle's bits ({@code (int)pthread_self() % 4}: a wrong race-free answer when the handle was
     * the number n + 1).
     */
    public void addThread(ThreadState t) {
        if (exhaustive && t.handleObj < 0) {
            Block b = mem.create("thread handle of " + t.name, Block.Kind.SPECIAL, 1, -1, t.createdAt);
            b.opaque = true;
            t.handleObj = b.id;
        }
        threads.add(t);
    }

    /** The handle {@code pthread_self()} returns to {@code t} and {@code pthread_create} stores (see {@link #addThread}). */
    Value threadHandle(ThreadState t) {
        return t.handleObj >= 0 ? new Value.Ptr(t.handleObj, 0) : Value.of(t.idValue());
    }

    /** The thread of a handle, as {@link #threadHandle} gives them. */
    ThreadState threadOf(Value v) {
        if (v instanceof Value.Ptr p && p.off() == 0) {
            for (ThreadState t : threads) if (t.handleObj == p.obj()) return t;
        }
        if (v instanceof Value.Int i && i.v() >= 1 && i.v() <= threads.size() && threads.get((int) (i.v() - 1)).handleObj < 0) {
            return threads.get((int) (i.v() - 1));
        }
        throw Abandon.unsupported("unknown thread id " + v);
    }

    /** Keys logged while speculating, to be removed on rollback. */
    List<String> speculativeKeys;

    /**
     * Picks a value of {@code type} for a nondeterministic input {@code name} read at {@code loc} and logs it: the
     * candidates (zero first), the bounded layer's hint for {@code loc}, or the value a followed witness forces.
     */
    Value chooseInput(CType type, String name, SourceLoc loc) {
        return chooseInput(type, name, loc, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * As {@link #chooseInput(CType, String, SourceLoc)}, among the candidates within {@code [lo, hi]} (before the
     * conversion to the type), {@code lo} when none is; a hinted or forced value outside becomes {@code lo}.
     */
    Value chooseInput(CType type, String name, SourceLoc loc, long lo, long hi) {
        Value v;
        if (type instanceof CType.Int it) {
            long[] cands;
            long r = randomBits();
            long prev = previousValues.isEmpty() ? 3 : previousValues.get((int) ((r >>> 40) % previousValues.size()));
            if (IntConversions.isBool(it)) cands = new long[] {0, 1};
            else if (it.signed()) cands = new long[] {0, 1, -1, 2, r & 15, prev, 3, (r >> 8) & 255, r >> 16};
            else cands = new long[] {0, 1, 2, -1, r & 15, prev, 3, (r >> 8) & 255, r >> 16};
            if (lo != Long.MIN_VALUE || hi != Long.MAX_VALUE) {
                long[] in = java.util.Arrays.stream(cands).filter(x -> x >= lo && x <= hi).toArray();
                cands = in.length > 0 ? in : new long[] {lo};
                // a range bounded on both sides: its upper end too (a size the system allows at most)
                if (lo != Long.MIN_VALUE && hi != Long.MAX_VALUE && hi != Integer.MAX_VALUE && java.util.Arrays.stream(cands).noneMatch(x -> x == hi)) {
                    cands = java.util.Arrays.copyOf(cands, cands.length + 1);
                    cands[cands.length - 1] = hi;
                }
            }
            List<Long> hints = valueHints.get(loc.shortString());
            if (hints != null && !hints.isEmpty()) {
                // the hinted value first (index 0, the default), then the usual candidates
                int occurrence = nondetCount.getOrDefault(name + "@" + loc.shortString(), 0);
                long[] withHint = new long[cands.length + 1];
                withHint[0] = hints.get(Math.min(hints.size() - 1, occurrence));
                System.arraycopy(cands, 0, withHint, 1, cands.length);
                cands = withHint;
            }
            long picked = pick(cands, name, loc);
            long x = Ints.convert(picked < lo || picked > hi ? lo : picked, it);
            previousValues.add(x);
            v = Value.of(x);
        } else if (type instanceof CType.Pointer) {
            v = Value.ZERO;
        } else if (type instanceof CType.Float f && f.size() <= 8) {
            v = new Value.Flt(pickValue(2));
        } else {
            throw Abandon.unsupported("nondeterministic value of type " + type);
        }
        logNondet(name, loc, v.toString());
        return v;
    }

    /**
     * Makes the indeterminate value {@code x} read an input: a value of its integer type chosen like a
     * {@code __VERIFIER_nondet_*} result (so a proof stops here as at any input, see {@code explore.StateSpace}), logged, and
     * written back so that every later read sees the same value. This is a real execution: the storage held that value
     * from its creation on (C11 6.2.4p6, 7.22.3.4p2: its content was indeterminate, any value of the type a
     * representation of it). Not an access of the program: no thread did anything.
     */
    void materialise(Abandon.Indeterminate x, SourceLoc loc) {
        CType t = x.type.unqualified();
        Block o = mem.get(x.obj);
        // named by the variable read when there is one (a witness can state its value), else by the object
        String name = x.source != null ? x.source : "(" + o.name + ")";
        Value v;
        try {
            v = chooseInput(t, RaceWitness.INDETERMINATE + name, loc);
        } catch (Abandon a) {
            // a proof stops at any input: say which
            throw Abandon.unsupported("read of the indeterminate value of " + name + " at " + loc.shortString() + ", an input");
        }
        mem.write(x.obj, x.off, t, v);
    }

    /**
     * Sets thread {@code t}'s errno to {@code value} (a failing library call does), when the program can see errno at
     * all (it has {@code __errno_location}'s object); the write is the thread's own, of its own errno.
     */
    /** C's {@code size_t} in the program's data model (an unsigned long of a pointer's size). */
    CType.Int sizeType() {
        return new CType.Int("unsigned long", dm.pointerSize, dm.pointerSize, false);
    }

    /** Sets the thread's {@code errno} ({@link Errno}'s values). */
    void setErrno(ThreadState t, long value) {
        Variable errno = program.libcObject(weft.model.LibcFacts.threadObjectName("errno"));
        if (errno == null) return;
        mem.write(objectOf(errno, t, null), 0, weft.ir.IntConversions.INT, Value.of(value));
    }

    /** Records the value a nondeterministic input {@code name} at {@code loc} returned (for witnesses). */
    public void logNondet(String name, weft.ir.SourceLoc loc, String value) {
        String key = name + "@" + loc.shortString();
        int n = nondetCount.merge(key, 1, Integer::sum);
        nondetLog.put(key + "#" + n, value);
        if (speculativeKeys != null) speculativeKeys.add(key + "#" + n);
    }

    /**
     * Records a value for input {@code name} at {@code loc} to be given later ({@link #fillNondet}), before the values
     * the call goes on to record: a count of them, known once they are.
     */
    String reserveNondet(String name, weft.ir.SourceLoc loc) {
        logNondet(name, loc, "0");
        String key = name + "@" + loc.shortString();
        return key + "#" + nondetCount.get(key);
    }

    /** The value {@link #reserveNondet} left open. */
    void fillNondet(String reserved, long value) {
        nondetLog.put(reserved, Long.toString(value));
    }

    /** Removes what {@link #logNondet} recorded while speculating. */
    void undoNondetLog() {
        for (int i = speculativeKeys.size() - 1; i >= 0; i--) {
            String k = speculativeKeys.get(i);
            nondetLog.remove(k);
            String key = k.substring(0, k.lastIndexOf('#'));
            nondetCount.merge(key, -1, Integer::sum);
        }
        speculativeKeys = null;
    }

    /** A candidate index from the chooser (or the replayed one), recorded when speculating. */
    public int pickValue(int n) {
        long v = replay != null && !replay.isEmpty() ? replay.poll() : chooser.pickValue(n);
        if (recording != null) recording.add(v);
        return (int) v;
    }

    /** The value a replayed witness forces for the next input {@code name} at {@code loc}, else one of {@code cands} chosen. */
    private long pick(long[] cands, String name, SourceLoc loc) {
        Long forced = chooser.forcedValue(loc, nondetCount.getOrDefault(name + "@" + loc.shortString(), 0) + 1);
        return forced != null ? forced : cands[pickValue(cands.length)];
    }

    /**
     * One of {@code cands} (the first by default), the world's choice for an input {@code name} at {@code loc}, or the
     * value a replayed witness forces when it is one of them; recorded.
     */
    long chooseAmong(long[] cands, String name, SourceLoc loc) {
        long p = pick(cands, name, loc);
        long v = java.util.Arrays.stream(cands).anyMatch(x -> x == p) ? p : cands[0];
        logNondet(name, loc, Long.toString(v));
        return v;
    }

    /** The bytes the standard input may give per reading function (see {@link #chooseStdinByte}), computed at first use, shared by forks. */
    private Map<weft.ir.Function, long[]> stdinBytes = new java.util.concurrent.ConcurrentHashMap<>(),
            scannedBytes = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A byte the standard input gives ({@code fgetc(stdin)} in function {@code reader}): an input recorded under
     * {@code name}, among the end of the input (-1, the default), the bytes the reading function compares values with
     * ({@link weft.ir.Comparisons}: the answers it looks for; the program's when it compares none) and a newline.
     */
    Value chooseStdinByte(String name, SourceLoc loc, weft.ir.Function reader) {
        return chooseStdinByte(name, loc, reader, false);
    }

    /**
     * As {@link #chooseStdinByte(String, SourceLoc, weft.ir.Function)}; {@code scanning}: for a formatted read
     * ({@code scanf}), whose numbers are digits and whose fields end at a space, those too.
     */
    Value chooseStdinByte(String name, SourceLoc loc, weft.ir.Function reader, boolean scanning) {
        long[] bytes = (scanning ? scannedBytes : stdinBytes).computeIfAbsent(reader, f -> {
            java.util.Set<Long> b = new java.util.LinkedHashSet<>();
            b.add(-1L);
            java.util.Set<Long> own = weft.ir.Comparisons.equalityConstants(f, 1, 255);
            b.addAll(own.isEmpty() ? weft.ir.Comparisons.equalityConstants(program, 1, 255) : own);
            b.add((long) '\n');
            if (scanning) {
                for (long d = '0'; d <= '9'; d++) b.add(d);
                b.add((long) ' ');
            }
            return b.stream().mapToLong(Long::longValue).toArray();
        });
        long v = pick(bytes, name, loc);
        if (v < -1 || v > 255) v = -1;
        logNondet(name, loc, Long.toString(v));
        return Value.of(v);
    }

    long randomBits() {
        long v = replay != null && !replay.isEmpty() ? replay.poll() : chooser.randomBits();
        if (recording != null) recording.add(v);
        return v;
    }

    /**
     * Each function's {@link weft.exec.state.Liveness}, computed once for every state forked or copied from one initial
     * state (a function of the immutable IR; the witness search's thousands of executions share it).
     */
    private final Map<weft.ir.Function, weft.exec.state.Liveness> liveness;

    private ExecState(Program program, Memory mem, Map<Integer, Integer> globals, Map<weft.ir.Function, weft.exec.state.Liveness> liveness) {
        this.program = program;
        this.dm = program.dataModel();
        this.voidPointer = new weft.ir.CType.Pointer(new weft.ir.CType.Void(), dm.pointerSize);
        this.mem = mem;
        this.globals = globals;
        this.liveness = liveness;
    }

    /** The live automatic variables of {@code fn}. */
    weft.exec.state.Liveness liveness(weft.ir.Function fn) {
        return liveness.computeIfAbsent(fn, weft.exec.state.Liveness::of);
    }

    /** A fresh execution starting from this (initial) state. */
    public ExecState fork(Chooser chooser) {
        ExecState s = new ExecState(program, mem.fork(), globals, liveness);
        s.chooser = chooser;
        s.libcStateRaces = libcStateRaces;
        s.valueHints = valueHints;
        s.stdinBytes = stdinBytes;
        s.scannedBytes = scannedBytes;
        return s;
    }

    /**
     * A deep copy of this state between steps (not while speculating): memory copy-on-write, threads, frames and
     * synchronisation objects copied; frames shared copy-on-write and plan caches carried over (see
     * {@link ThreadState#snapshot}).
     */
    public ExecState copy() {
        ExecState s = new ExecState(program, mem.fork(), globals, liveness);
        s.chooser = chooser;
        s.exhaustive = exhaustive;
        s.libcStateRaces = libcStateRaces;
        s.valueHints = valueHints;
        s.stdinBytes = stdinBytes;
        s.scannedBytes = scannedBytes;
        s.spuriousWakeup = spuriousWakeup;
        s.heapCount = heapCount;
        s.maxThreads = maxThreads;
        s.syncEpoch = syncEpoch;
        for (ThreadState t : threads) s.threads.add(t.snapshot());
        s.sync.restore(sync);
        s.nondetLog.putAll(nondetLog);
        s.nondetCount.putAll(nondetCount);
        s.previousValues.addAll(previousValues);
        s.addresses.putAll(addresses);
        s.staticStrings.putAll(staticStrings);
        s.libraryObjects.putAll(libraryObjects);
        s.frameSerial = frameSerial;
        s.jumpPoints.putAll(jumpPoints);
        for (Map.Entry<Integer, ZlibCalls.Owned> z : zlibStreams.entrySet()) s.zlibStreams.put(z.getKey(), z.getValue().copy());
        s.nextAddress = nextAddress;
        return s;
    }

    /** The C library's static strings made so far ({@link #staticString}), by text. */
    private final Map<String, Integer> staticStrings = new HashMap<>();

    /**
     * A read-only object of the C library holding {@code text} and its terminator (a name {@code setlocale} returns),
     * one per text and execution.
     */
    Value.Ptr staticString(String text) {
        Integer id = staticStrings.get(text);
        if (id == null || !mem.get(id).alive) {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Block o = mem.create("<libc:\"" + text + "\">", Block.Kind.SPECIAL, b.length + 1L, -1, weft.ir.SourceLoc.NONE);
            System.arraycopy(b, 0, o.writableBytes(), 0, b.length);
            o.readOnly = true;
            id = o.id;
            staticStrings.put(text, id);
        }
        return new Value.Ptr(id, 0);
    }

    /**
     * zlib's streams of the run ({@link ZlibCalls}), by the object the program's {@code z_stream} points to as its
     * {@code state}: each a native stream of the installed library, copied with the state ({@code deflateCopy}).
     */
    final Map<Integer, ZlibCalls.Owned> zlibStreams = new HashMap<>();

    /** The last activation's serial number ({@link Frame#serial}). */
    long frameSerial;

    /** Where {@code setjmp} was called, by the jmp_buf it filled (object id and offset: {@link Jumps#key}). */
    final Map<Long, Jumps.Point> jumpPoints = new HashMap<>();

    /** Objects of the C library made on first use ({@link #libraryObject}), by name (ordered: a state encoding walks them in that order). */
    private final java.util.TreeMap<String, Integer> libraryObjects = new java.util.TreeMap<>();

    /** The library object {@code name} (made by {@code make}, which returns its id, at its first use in the execution). */
    /**
     * The library objects made so far ({@link #libraryObject}), ordered by name: roots of a state's encoding, as no
     * program pointer need reach them (strtok's saved position changes with each call).
     */
    public java.util.Collection<Integer> libraryObjectIds() {
        return java.util.Collections.unmodifiableCollection(libraryObjects.values());
    }

    /** The library object {@code name} made by {@link #libraryObject}, or null while none is (a planning step makes none). */
    Value.Ptr existingLibraryObject(String name) {
        Integer id = libraryObjects.get(name);
        return id == null || !mem.get(id).alive ? null : new Value.Ptr(id, 0);
    }

    Value.Ptr libraryObject(String name, java.util.function.IntSupplier make) {
        Integer id = libraryObjects.get(name);
        if (id == null || !mem.get(id).alive) {
            id = make.getAsInt();
            libraryObjects.put(name, id);
        }
        return new Value.Ptr(id, 0);
    }

    /** The numeric addresses objects were given ({@link #address}), by object id. */
    private final Map<Integer, Long> addresses = new HashMap<>();
    private long nextAddress;

    /**
     * The address of {@code p} as a number ({@code (char *) p - (char *) 0}: BSD qsort's alignment test). Object
     * addresses are not fixed by C: each object gets, at its first such use, an address of its own, 16-aligned (as
     * glibc's malloc aligns and at least as any object's type needs) and past every address given before, so the
     * numbers are those of one possible placement of the objects; the choice is recorded as an input
     * ({@code address of NAME}). A proof cannot take one placement for all: in the exhaustive exploration this abandons.
     */
    long address(Value.Ptr p, weft.ir.SourceLoc loc) {
        if (exhaustive) throw Abandon.unsupported("the address of an object as a number");
        Long base = addresses.get(p.obj());
        if (base == null) {
            Block o = mem.get(p.obj());
            if (nextAddress == 0) nextAddress = dm.pointerSize == 8 ? 0x5555_5556_0000L : 0x0805_0000L;
            base = nextAddress;
            nextAddress = (base + Math.max(o.size, 1) + 16 + 15) & ~15L;
            if (dm.pointerSize < 8 && nextAddress >= 0xC000_0000L) throw Abandon.unsupported("addresses of objects past the address space");
            addresses.put(p.obj(), base);
            logNondet("address of " + o.name, loc, Long.toString(base));
        }
        return base + p.off();
    }

    /** Builds the initial memory: all static-storage objects, initialised. Throws {@link Abandon} if it cannot. */
    public static ExecState initial(Program program) {
        ExecState s = new ExecState(program, new Memory(), new HashMap<>(), new java.util.concurrent.ConcurrentHashMap<>());
        Evaluator ev = new Evaluator(s);
        for (Variable v : program.globals()) {
            long size = v.type().size();
            Block.Kind kind = v.kind() == Variable.Kind.STRING ? Block.Kind.STRING
                    : v.threadLocal() ? Block.Kind.THREAD_LOCAL : Block.Kind.GLOBAL;
            Block o = s.mem.create(v.name(), kind, Math.max(size, 0), -1, v.loc());
            s.globals.put(v.id(), o.id);
            if (program.isLibcObject(v)) continue;
            if (v.kind() == Variable.Kind.STRING) {
                o.readOnly = true;
                // the whole source text when the front end kept it (its length must match the object's), else the
                // IR name's prefix
                byte[] whole = weft.model.StringLiteralText.bytes(program.stringText(v));
                byte[] known = whole != null && whole.length + 1 == o.size ? java.util.Arrays.copyOf(whole, whole.length + 1)
                        : weft.model.StringLiteralText.knownBytes(v.name(), o.size);
                int n = known == null ? 0 : known.length;
                if (n > 0) System.arraycopy(known, 0, o.writableBytes(), 0, n);
                if (n < o.size) o.setUnknown(n, o.size - n, true);
            }
        }
        Ctx ctx = new Ctx(null, null, false);
        for (Variable v : program.globals()) {
            if (v.kind() == Variable.Kind.STRING || program.isLibcObject(v)) continue;
            Block o = s.mem.get(s.globals.get(v.id()));
            GlobalInit init = program.init(v);
            if (init == null) {
                // defined by outside code: its value is unknown, so reading or writing it abandons
                if (program.outsideDefined().contains(v) && !v.loc().inSystemHeader()) o.opaque = true;
                // the C library's own objects, whether a system header or the program itself declares them (a file
                // merged by CIL declares stdout itself): never zero-filled program memory (D27)
                boolean library = v.loc().inSystemHeader() || LibraryModels.isLibraryObject(v.name());
                if (v.kind() == Variable.Kind.GLOBAL && library && (Getopt.INITIAL.containsKey(v.name()) || LIBRARY_ZEROED.contains(v.name()))
                        && (v.type().unqualified() instanceof CType.Int || v.type().isPointer())) {
                    // the C library's option-parsing globals start with the library's values (weft.exec.Getopt),
                    // getdate_err with its zero
                    s.mem.write(o.id, 0, v.type(), Value.of(Getopt.INITIAL.getOrDefault(v.name(), 0L)));
                    continue;
                }
                if (v.kind() == Variable.Kind.GLOBAL && library) {
                    if (STREAMS.contains(v.name()) && v.type().isPointer() && o.size == s.dm.pointerSize) {
                        Block file = s.mem.create("FILE " + v.name(), Block.Kind.SPECIAL, 0, -1, v.loc());
                        file.opaque = true;
                        s.mem.write(o.id, 0, v.type(), new Value.Ptr(file.id, 0));
                    } else {
                        o.opaque = true;
                    }
                }
                continue;
            }
            if (Block.containsBitField(v.type()) && !init.items().isEmpty()) {
                o.setUnknown(0, o.size, true);
                continue;
            }
            o.markCharArrays(v.type(), 0);
            // a character array with an item inside was initialised from a brace list: its other bytes are zero
            for (GlobalInit.Item item : init.items()) {
                if (o.anyUnknown(item.offset(), 1)) o.clearArrayAround(v.type(), 0, item.offset());
            }
            for (GlobalInit.Item item : init.items()) {
                Value val = ev.eval(item.value(), ctx);
                val = ev.convert(val, item.value().type(), item.type());
                s.mem.write(o.id, item.offset(), item.type(), val);
            }
            for (GlobalInit.Unknown u : init.unknown()) {
                if (u.offset() < o.size) o.setUnknown(u.offset(), Math.min(u.size(), o.size - u.offset()), true);
            }
        }
        return s;
    }

    /** The C library's objects glibc 2.36 defines without an initialiser (zero at the start): getdate's error. */
    static final java.util.Set<String> LIBRARY_ZEROED = java.util.Set.of("getdate_err");

    /** The object a variable designates for {@code thread} in {@code frame}. */
    int objectOf(Variable v, ThreadState thread, Frame frame) {
        if (v.isStatic()) {
            Integer g = globals.get(v.id());
            if (g == null) throw Abandon.unsupported("unknown global " + v.name());
            if (!v.threadLocal()) return g;
            if (thread == null) throw Abandon.unsupported("thread-local " + v.name() + " in static initialiser");
            Integer mine = thread.tls.get(v.id());
            if (mine != null) return mine;
            Block template = mem.get(g);
            Block o = mem.create(v.name() + "@" + thread.name, Block.Kind.THREAD_LOCAL, template.size, thread.index, v.loc());
            if (template.size > 0) mem.writeAgg(o.id, 0, mem.readAgg(template.id, 0, template.size));
            // the library's per-thread ints (errno): 0 in the initial thread, indeterminate in the others
            if (program.isLibcObject(v) && thread.index != 0 && o.size > 0) o.setIndeterminate(0, o.size);
            thread.tls.put(v.id(), o.id);
            return o.id;
        }
        if (frame == null || thread == null) throw Abandon.unsupported("local " + v.name() + " outside a function");
        int l = frame.object(v.id());
        if (l >= 0) return l;
        if (v.function() != null && !v.function().equals(frame.fn.linkName()) && !v.function().equals(frame.fn.name())) {
            throw Abandon.unsupported("variable " + v.name() + " of " + v.function() + " used in " + frame.fn.name());
        }
        return newLocal(thread, frame, v);
    }

    /** A fresh object for local {@code v} in {@code frame} (created on first use, and again at each declaration). */
    int newLocal(ThreadState t, Frame f, Variable v) {
        if (v.type().size() < 0) throw Abandon.unsupported("variable-length array " + v.name());
        return newLocal(t, f, v, v.type().size(), false);
    }

    /**
     * The same with an explicit size in bytes (a variable-length array, sized when its declaration is reached);
     * {@code zeroed}: an aggregate with a brace initialiser, whose bytes the list does not name are zero.
     */
    int newLocal(ThreadState t, Frame f, Variable v, long size, boolean zeroed) {
        Block o = mem.create(v.name(), Block.Kind.LOCAL, size, t.index, v.loc());
        // uninitialised automatic storage is indeterminate: reading it before a write is an input (materialise);
        // its character arrays may be initialised from a string literal the IR does not give: reading them abandons
        if (o.size > 0 && !zeroed) o.setIndeterminate(0, o.size);
        if (Block.containsCharArray(v.type())) o.markCharArrays(v.type(), 0);
        f.setObject(v.id(), o.id);
        f.own(o.id);
        return o.id;
    }

    ThreadState thread(int index) {
        return threads.get(index);
    }
}
