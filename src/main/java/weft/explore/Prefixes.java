package weft.explore;

import weft.exec.state.ByteAccess;
import weft.exec.state.Chooser;
import weft.exec.ExecState;
import weft.exec.Interpreter;
import weft.ir.SourceLoc;
import weft.trace.RaceWitness;

import java.util.ArrayList;
import java.util.List;

/**
 * The shared beginnings of a witness search's executions: a tree of snapshots of the single-threaded start of the
 * program (main before it creates its first thread), so that an execution whose chooser answers the start's choices
 * as an earlier one did resumes from the earlier one's state instead of running the start again. A real program's
 * start can be long — a server fills a pool's free list of 131,072 blocks before its first thread — and every
 * execution of the search ran it from the beginning.
 *
 * <p>What it keeps: a node is a copy of the state between two steps ({@link ExecState#copy()}), the statements executed
 * since its parent and every question its execution put to the {@link Chooser} since its parent, with the answer
 * ({@link Log}): which thread runs (main, the only one; with where the last thread stopped and whether its next step is
 * visible), which candidate value, random bits, a forced value, a proof gap. The root is the initial state before the
 * command line is chosen. An execution takes a snapshot when its start has run twice as long as at its last one (from
 * {@link #FIRST} steps on), at the start's end, and when its time runs out during the start (the next execution goes
 * on from there); at most {@link #MAX_NODES} nodes and {@link #MAX_STEPS_KEPT} kept steps per tree (one per analysis
 * and meaning of the first choices, {@code Explorer.Starts}).
 *
 * <p>Why a resumed execution is the one it would have been (exactness, not an approximation): an execution is a
 * function of the program, the initial state and the chooser's answers — the interpreter is deterministic and every
 * nondeterministic decision is a question to the chooser. Two executions whose chooser gave the same answers to the
 * first k questions therefore asked the same k questions and are in the same state after them. To resume a new
 * execution from a node, {@link #start} puts each question recorded on the path from the root to the node to the new
 * chooser, in order and with the same arguments, and descends only while every answer is the recorded one: the new
 * chooser then is in the state it would have reached by running the start itself (the search's choosers are functions
 * of the questions they were asked; with main the only enabled thread they must pick it, and {@code
 * Schedulers.Directed}'s look at the thread's next accesses changes nothing then). A run of thread questions is put
 * in one call ({@link Schedulers.Strategy#mainAlone}), with how many there are, how many see a visible step and
 * whether the first does: each strategy's state after such a run depends on no more (each says why), so the call
 * leaves it where the questions one by one would (checked against them by {@code PrefixesTest}). Answers drawn while trying a branch
 * that then differs are not lost: they are the answers to the questions the execution asks next from the node it
 * resumes at (the questions after the same answers are the same), so it takes them from {@link Recorder}'s pending list
 * before asking the chooser again; a question that differs from the pending one's is an internal error (the
 * interpreter would not be deterministic), which ends the execution without a witness. Nothing is shared after the
 * first thread exists, so no race check, schedule or step limit of a concurrent part is affected.
 *
 * <p>The step limit: a run resumed from a node does not run the node's steps again, so they cost it nothing; the
 * steps it runs in the start itself are free only while every candidate value it chose there was the default (the
 * start as the search's first run makes it, {@link Node#defaults}), otherwise counted against the step limit as all
 * steps were before (see {@code Execution#START_STEPS}): a run whose choices leave the default line early (another
 * command line, random values in an initialisation loop) costs what it did.
 */
final class Prefixes {
    /** Steps of the start before its first snapshot: starts shorter than this are run in full by every execution. */
    static final long FIRST = 16_384;
    /** Nodes kept at most (each holds a copy-on-write copy of the state; memory written after it is its own). */
    static final int MAX_NODES = 256;
    /** Statements the nodes keep at most, together (with as many recorded questions at least). */
    static final long MAX_STEPS_KEPT = 4L << 20;

    /**
     * The questions one execution put to its chooser, with the answers, in order; a question's index counts questions.
     * Consecutive thread questions of main alone standing at the same place are one entry with a count, their
     * visibility a bit each: a real program's start asks millions of them, and an execution resuming from a node
     * puts a run of them to its chooser in one {@link Schedulers.Strategy#mainAlone} call.
     */
    static final class Log {
        static final byte THREAD = 0, VALUE = 1, BITS = 2, FORCED = 3, FORCED_NONE = 4, GAP = 5;
        private byte[] kinds = new byte[64];
        /** The question's argument; a thread question's: the current thread (its visibility is in {@link #visible}). */
        private long[] args = new long[64];
        private long[] answers = new long[64];
        /** How many questions each entry stands for (more than one only for thread questions), and its first's index. */
        private long[] counts = new long[64];
        private long[] starts = new long[64];
        /** A bit per question: a thread question's {@code currentVisible}. */
        private long[] visible = new long[4];
        /** The forced values' locations and the proof gaps' reasons, by entry (most entries have none). */
        private final java.util.Map<Integer, Object> objects = new java.util.HashMap<>();
        private int entries;
        private long size;

        /** The number of questions. */
        long size() {
            return size;
        }

        /** Appends a question; a thread question's {@code arg} is the current thread shifted left once, or 1 when visible. */
        void add(byte kind, long arg, Object obj, long answer) {
            if (kind == THREAD) {
                addThreads(arg >> 1, answer, 1);
                if ((arg & 1) != 0) setVisible(size - 1);
            } else {
                addEntry(kind, arg, obj, answer, 1);
            }
        }

        /** Appends {@code count} thread questions answered {@code answer}, with visibility bits not yet set. */
        private void addThreads(long current, long answer, long count) {
            int last = entries - 1;
            if (last >= 0 && kinds[last] == THREAD && args[last] == current && answers[last] == answer) {
                counts[last] += count;
                size += count;
            } else {
                addEntry(THREAD, current, null, answer, count);
            }
            long words = (size + 63) >> 6;
            if (words > visible.length) visible = java.util.Arrays.copyOf(visible, (int) Math.max(words, 2L * visible.length));
        }

        private void addEntry(byte kind, long arg, Object obj, long answer, long count) {
            if (entries == kinds.length) {
                int n = entries * 2;
                kinds = java.util.Arrays.copyOf(kinds, n);
                args = java.util.Arrays.copyOf(args, n);
                answers = java.util.Arrays.copyOf(answers, n);
                counts = java.util.Arrays.copyOf(counts, n);
                starts = java.util.Arrays.copyOf(starts, n);
            }
            kinds[entries] = kind;
            args[entries] = arg;
            answers[entries] = answer;
            counts[entries] = count;
            starts[entries] = size;
            if (obj != null) objects.put(entries, obj);
            entries++;
            size += count;
        }

        private void setVisible(long q) {
            visible[(int) (q >> 6)] |= 1L << q;
        }

        private boolean isVisible(long q) {
            return (visible[(int) (q >> 6)] & (1L << q)) != 0;
        }

        /** How many of questions {@code from} to {@code to} (exclusive) are visible. */
        private long visibleCount(long from, long to) {
            long n = 0;
            for (long q = from; q < to; ) {
                int w = (int) (q >> 6);
                int lo = (int) (q & 63);
                int hi = (int) Math.min(64, lo + (to - q));
                long mask = (hi == 64 ? -1L : (1L << hi) - 1) & (-1L << lo);
                n += Long.bitCount(visible[w] & mask);
                q += hi - lo;
            }
            return n;
        }

        /** Whether question {@code q}, of entry {@code e}, is {@code kind} ({@link #FORCED} for both forced kinds), {@code arg}, {@code obj}. */
        boolean sameQuestion(int e, long q, byte kind, long arg, Object obj) {
            if (kinds[e] == THREAD) return kind == THREAD && args[e] == arg >> 1 && isVisible(q) == ((arg & 1) != 0);
            byte k = kinds[e] == FORCED_NONE ? FORCED : kinds[e];
            return k == kind && args[e] == arg && java.util.Objects.equals(objects.get(e), obj);
        }

        /** Whether entry {@code e} of this log and entry {@code f} of {@code o} got the same answers. */
        boolean sameAnswer(int e, Log o, int f) {
            return kinds[e] == o.kinds[f] && answers[e] == o.answers[f];
        }

        /** Whether every candidate value chosen here was the first (index 0, the default). */
        boolean defaults() {
            for (int e = 0; e < entries; e++) if (kinds[e] == VALUE && answers[e] != 0) return false;
            return true;
        }

        /** Appends questions {@code from} to {@code from + count} of entry {@code e} of {@code o}, with their answers. */
        private void copy(Log o, int e, long from, long count) {
            if (o.kinds[e] != THREAD) {
                addEntry(o.kinds[e], o.args[e], o.objects.get(e), o.answers[e], count);
                return;
            }
            long at = size;
            addThreads(o.args[e], o.answers[e], count);
            for (long i = 0; i < count; i += 64) {
                int n = (int) Math.min(64, count - i);
                long v = o.bits(from + i, n);
                int w = (int) ((at + i) >> 6), off = (int) ((at + i) & 63);
                visible[w] |= v << off;
                if (off != 0 && off + n > 64) visible[w + 1] |= v >>> (64 - off);
            }
        }

        /** The visibility bits of questions {@code q} to {@code q + n} ({@code n <= 64}), the first the lowest. */
        private long bits(long q, int n) {
            int w = (int) (q >> 6), off = (int) (q & 63);
            long v = visible[w] >>> off;
            if (off != 0 && off + n > 64) v |= visible[w + 1] << (64 - off);
            return n == 64 ? v : v & ((1L << n) - 1);
        }

        /** The questions from the {@code from}-th on, as a log of their own. */
        Log suffix(long from) {
            Log l = new Log();
            for (int e = 0; e < entries; e++) {
                long skip = Math.max(0, Math.min(counts[e], from - starts[e]));
                if (skip < counts[e]) l.copy(this, e, starts[e] + skip, counts[e] - skip);
            }
            return l;
        }

        /**
         * Puts the questions of entry {@code e} from its {@code skip}-th on to {@code c} and appends them with {@code
         * c}'s answers to {@code to}.
         */
        void ask(int e, long skip, Schedulers.Strategy c, Log to) {
            switch (kinds[e]) {
                case THREAD -> {
                    long from = starts[e] + skip, n = counts[e] - skip;
                    c.mainAlone((int) args[e], n, visibleCount(from, from + n), isVisible(from));
                    to.copy(this, e, from, n);
                }
                case VALUE -> to.add(VALUE, args[e], null, c.pickValue((int) args[e]));
                case BITS -> to.add(BITS, 0, null, c.randomBits());
                case FORCED, FORCED_NONE -> {
                    Long v = c.forcedValue((SourceLoc) objects.get(e), (int) args[e]);
                    to.add(v == null ? FORCED_NONE : FORCED, args[e], objects.get(e), v == null ? 0 : v);
                }
                case GAP -> {
                    c.proofGap((String) objects.get(e));
                    to.add(GAP, 0, objects.get(e), 0);
                }
                default -> throw new IllegalStateException("question kind " + kinds[e]);
            }
        }

        /** A position in a log, moved one question at a time ({@link Recorder}'s pending answers). */
        final class Cursor {
            private int entry;
            private long question;

            /** Whether questions are left; moves to the entry of the next. */
            boolean more() {
                while (entry < entries && question >= starts[entry] + counts[entry]) entry++;
                return entry < entries;
            }

            /** The entry of the next question ({@link #more} must have been true). */
            int entry() {
                return entry;
            }

            /** The index of the next question. */
            long question() {
                return question;
            }

            void next() {
                question++;
            }

            long left() {
                return size - question;
            }
        }
    }

    private static final List<Integer> MAIN_ONLY = List.of(0);

    /** A snapshot of an execution's start, reached from its parent by {@link #calls} and {@link #steps}. */
    static final class Node {
        final Node parent;
        final Log calls;
        final List<Interpreter.Executed> steps;
        /** The state after them, never run itself (executions resume from copies); null at the root. */
        final ExecState state;
        final long startSteps;
        final int current;
        final long visibleSteps;
        final List<Node> children = new ArrayList<>();
        /**
         * Every candidate value chosen from the root to here was the first (the default): the start as the search's
         * first run makes it, whose steps are not counted against the step limit ({@code Execution#START_STEPS}).
         */
        final boolean defaults;

        Node(Node parent, Log calls, List<Interpreter.Executed> steps, ExecState state, long startSteps, int current, long visibleSteps) {
            this.defaults = (parent == null || parent.defaults) && calls.defaults();
            this.parent = parent;
            this.calls = calls;
            this.steps = steps;
            this.state = state;
            this.startSteps = startSteps;
            this.current = current;
            this.visibleSteps = visibleSteps;
        }

        /** Every statement executed from the initial state to this node. */
        List<Interpreter.Executed> schedule() {
            List<Node> path = new ArrayList<>();
            int n = 0;
            for (Node x = this; x != null; x = x.parent) {
                path.add(x);
                n += x.steps.size();
            }
            List<Interpreter.Executed> all = new ArrayList<>(n + 1024);
            for (int i = path.size() - 1; i >= 0; i--) all.addAll(path.get(i).steps);
            return all;
        }
    }

    final Node root = new Node(null, new Log(), List.of(), null, 0, -1, 0);
    private int nodes;
    private long stepsKept;
    /** Executions resumed from a snapshot, and the start steps they did not run again (statistics). */
    int resumed;
    long stepsSaved;

    /** Where an execution with chooser {@code c} begins: the deepest node whose questions {@code c} answers alike. */
    Recorder start(Schedulers.Strategy c) {
        Node node = root;
        Log drawn = new Log();
        descend:
        while (true) {
            for (Node child : node.children) {
                if (answersAlike(child.calls, drawn, c)) {
                    drawn = drawn.suffix(child.calls.size());
                    node = child;
                    continue descend;
                }
            }
            break;
        }
        if (node != root) {
            resumed++;
            stepsSaved += node.startSteps;
        }
        return new Recorder(c, node, drawn);
    }

    /**
     * Whether {@code c} answers the questions of {@code calls} as recorded; the answers drawn go to {@code drawn}. The
     * two logs are walked question by question, a run of thread questions at once: {@code drawn} holds the answers
     * drawn for this node's earlier children too, so its entries need not begin where {@code calls}' do.
     */
    private static boolean answersAlike(Log calls, Log drawn, Schedulers.Strategy c) {
        long pos = 0;
        int ce = 0, de = 0;
        while (pos < calls.size) {
            if (pos >= drawn.size) calls.ask(ce, pos - calls.starts[ce], c, drawn);
            while (pos >= drawn.starts[de] + drawn.counts[de]) de++;
            if (!calls.sameAnswer(ce, drawn, de)) return false;
            pos = Math.min(calls.starts[ce] + calls.counts[ce], drawn.starts[de] + drawn.counts[de]);
            if (pos == calls.starts[ce] + calls.counts[ce]) ce++;
        }
        return true;
    }

    /** Whether another snapshot of {@code steps} more statements may be kept. */
    boolean room(long steps) {
        return nodes < MAX_NODES && stepsKept + steps <= MAX_STEPS_KEPT;
    }

    /** Keeps a snapshot below {@code parent}: {@code state} must no longer be run (it is the snapshot). */
    Node add(Node parent, Log calls, List<Interpreter.Executed> steps, ExecState state, long startSteps, int current, long visibleSteps) {
        state.chooser = null;
        Node n = new Node(parent, calls, List.copyOf(steps), state, startSteps, current, visibleSteps);
        parent.children.add(n);
        nodes++;
        stepsKept += steps.size();
        return n;
    }

    /**
     * The chooser of an execution of the search while its start is shared: hands the questions to the search's
     * chooser (or answers them from the ones drawn already, {@link Prefixes#start}) and records them.
     */
    static final class Recorder implements Chooser {
        final Chooser inner;
        /** The node the execution resumes at (the root: from the beginning). */
        Node node;
        private final Log pending;
        private final Log.Cursor next;
        /** The questions since {@link #node}, while the start lasts; null after it. */
        private Log log = new Log();

        /** Every candidate value chosen so far was the default (see {@link Node#defaults}). */
        private boolean defaults;

        Recorder(Chooser inner, Node node, Log pending) {
            this.inner = inner;
            this.node = node;
            this.pending = pending;
            this.next = pending.new Cursor();
            this.defaults = node.defaults;
        }

        /** Whether the run is still on the search's default line: its start's steps are free. */
        boolean defaults() {
            return defaults;
        }

        /** The state the execution begins in: a fresh fork of {@code initial}, or a copy of its node's snapshot. */
        ExecState begin(ExecState initial) {
            if (node.state == null) return initial.fork(this);
            ExecState s = node.state.copy();
            s.chooser = this;
            return s;
        }

        /** Whether the start is still being recorded. */
        boolean recording() {
            return log != null;
        }

        /** The first thread exists: nothing more is recorded or shared. */
        void stop() {
            if (next.more()) throw new IllegalStateException("a shared start left " + next.left() + " answers unused");
            log = null;
        }

        /** The questions since {@link #node}, handed over to the snapshot that becomes {@link #node}. */
        Log takeLog() {
            Log l = log;
            log = new Log();
            return l;
        }

        /** The kind of the last answer ({@link Log#FORCED_NONE} when the forced value was none). */
        private byte kind;

        /** The answer to a question: the pending one, else the search's chooser's ({@code ask}); recorded. */
        private long answer(byte question, long arg, Object obj, java.util.function.LongSupplier ask) {
            kind = question;
            if (log == null) return ask.getAsLong();
            long a;
            if (next.more()) {
                int e = next.entry();
                if (!pending.sameQuestion(e, next.question(), question, arg, obj)) throw new IllegalStateException("a shared start asked another question");
                kind = pending.kinds[e];
                a = pending.answers[e];
                next.next();
            } else {
                a = ask.getAsLong();
            }
            log.add(kind, arg, obj, a);
            if (question == Log.VALUE && a != 0) defaults = false;
            return a;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            return pickThread(enabled, current, currentVisible, t -> List.of());
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible, java.util.function.IntFunction<List<ByteAccess>> accesses) {
            if (log == null || !enabled.equals(MAIN_ONLY)) return inner.pickThread(enabled, current, currentVisible, accesses);
            return (int) answer(Log.THREAD, ((long) current << 1) | (currentVisible ? 1 : 0), null,
                    () -> inner.pickThread(enabled, current, currentVisible, accesses));
        }

        @Override
        public int pickValue(int n) {
            if (log == null) return inner.pickValue(n);
            return (int) answer(Log.VALUE, n, null, () -> inner.pickValue(n));
        }

        @Override
        public long randomBits() {
            if (log == null) return inner.randomBits();
            return answer(Log.BITS, 0, null, inner::randomBits);
        }

        @Override
        public Long forcedValue(SourceLoc loc, int occurrence) {
            if (log == null) return inner.forcedValue(loc, occurrence);
            long a = answer(Log.FORCED, occurrence, loc, () -> {
                Long v = inner.forcedValue(loc, occurrence);
                if (v == null) kind = Log.FORCED_NONE;
                return v == null ? 0 : v;
            });
            return kind == Log.FORCED_NONE ? null : a;
        }

        @Override
        public boolean stopAtRace(RaceWitness race) {
            return inner.stopAtRace(race);
        }

        @Override
        public void proofGap(String reason) {
            if (log == null) {
                inner.proofGap(reason);
                return;
            }
            answer(Log.GAP, 0, reason, () -> {
                inner.proofGap(reason);
                return 0;
            });
        }
    }
}
