package weft.explore;

import weft.exec.state.Abandon;
import weft.exec.state.ByteAccess;
import weft.exec.state.Chooser;
import weft.exec.ExecState;
import weft.exec.Interpreter;
import weft.exec.state.Liveness;
import weft.exec.state.Memory;
import weft.exec.ThreadState;
import weft.ir.Function;
import weft.ir.Program;
import weft.trace.RaceWitness;
import weft.trace.Step;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exhaustive explicit-state exploration: visits every state the program can reach under every interleaving of its
 * threads, checking each for a data race. When the whole state space is visited and no racing state was met, the
 * program is race-free — a proof by model checking (paper 004's interleaving side), for programs small and closed
 * enough: no nondeterministic inputs, nothing the interpreter cannot execute exactly, a finite state space within the
 * limits.
 *
 * <p>Soundness of "race-free":
 * <ul>
 *   <li>Semantics: states are those of the interpreter, which executes C exactly or abandons; in this mode any
 *       abandon other than a failed assumption or the end of the program makes the result incomplete, so every
 *       state of the program (under sequentially consistent interleaving, SV-COMP's semantics) is represented.
 *       Behaviours the witness search leaves out on purpose are added: condition waits may wake spuriously, and the
 *       library writes it does not record (thread ids, join results, keys) are recorded. Nondeterministic inputs
 *       (values, {@code rand}, time) abandon, since their values cannot be enumerated here. Library calls that may
 *       fail are run succeeding, and where the failure could make the program go another way the search notes a gap
 *       ({@code Chooser#proofGap}) and goes on looking for races, but then answers incomplete, never race-free: a look
 *       at whether a pointer into allocated memory the program has not written is null (up to there the failing run
 *       behaves as this one, with fewer accesses: {@code Evaluator.observe}, D24), {@code pthread_setspecific}, a
 *       thread creation whose result the program uses (D25; one whose result it ignores only has fewer threads when
 *       it fails).</li>
 *   <li>Race check: the same check as the witness search, on every visited state, over every pair of enabled
 *       threads with all the accesses of their next steps (a step's plan collects every access it performs).</li>
 *   <li>Coverage: depth-first search over the fused transitions of all enabled threads of each state; a state is
 *       not expanded again when an equal one (see {@link StateEncoder}: equal up to the numbering of objects and the
 *       content of dead variables, {@link Liveness}) was visited, since its successors and its race check are then
 *       the same. Steps that end the program lead to a final state, which has no race to check beyond the state
 *       before.</li>
 *   <li>Fused transitions ({@link Transitions}): a transition is one step of a thread followed by its next steps as
 *       long as they are local, touching only objects no other thread reaches ({@link Sharing}). The states in
 *       between are neither visited nor checked: a racing state reachable from one is reachable, racing the same
 *       way, from the state after the local steps. So if the program can reach a racing state, so can the fused
 *       transitions.</li>
 *   <li>Sleep sets (Godefroid's, with state caching): after exploring transitions {@code u} and then {@code t}
 *       from a state, the successor by {@code t} need not explore {@code u} when the two commute — their
 *       {@link Memory.Footprint footprints} are independent: no byte one writes is read or written by the other, no
 *       object one kills is touched by the other, neither changes synchronisation or thread state (taking,
 *       releasing or trying a lock counts as a write of the lock), and neither could lengthen the other (a transition that stopped at an object another
 *       thread reaches is not independent of one that drops pointers). Then {@code u} performed after {@code t} does
 *       what it did before, and reaches the state reached by {@code t} after {@code u}, which is explored from the
 *       successor by {@code u}. Sleep sets skip transitions, never states: every state reachable by fused
 *       transitions is visited and checked. A state met again with a sleep set that leaves awake a transition that
 *       was asleep at its earlier visits is expanded again by those transitions, with the intersection of the sleep
 *       sets stored for it.</li>
 * </ul>
 * A racing state found is reported as a race witness only when it involves no proof-only access and no spurious
 * wakeup; otherwise the result is merely "not race-free".
 *
 * <p>Closed variants ({@link #closedVariant}): the same search where every nondeterministic input takes one fixed
 * candidate value (the interpreter's candidate list at one index: 0, 1, 2, ... for integers) instead of abandoning. It
 * only finds races: a racing state it reaches is reached by a real execution, since the inputs may take any value of
 * their type (an assumption the value fails ends that execution, as in every mode). Having visited every state of
 * one variant says nothing about the others, so a closed variant never answers {@link Kind#RACE_FREE}: its complete
 * search ends {@link Kind#INCOMPLETE}, not resumable.
 *
 * <p>Assumes: the interpreter executes every construct exactly or abandons (unknown functions, {@code
 * longjmp}, {@code pthread_cancel}, semaphores abandon); {@link Sharing}'s private objects cannot be
 * reached by other threads until published. Probes p74-p77: sound.
 */
public final class StateSpace {
    /**
     * Limits of one exploration.
     *
     * @param maxStates distinct states at most
     * @param maxBytes bytes of state encodings kept in the visited set at most
     * @param millis budget in CPU time of the exploring thread (so that load from other processes does not change
     *     how far it gets)
     */
    public record Limits(long maxStates, long maxBytes, long millis) {
        public static Limits defaults() {
            return new Limits(3_000_000, 1L << 30, 10_000);
        }
    }

    /** What an exploration established. */
    public enum Kind {
        /** Every reachable state was visited; none is racing. */
        RACE_FREE,
        /** A racing state is reachable; {@link Outcome#witness} is set. */
        RACE,
        /** Neither could be established (see {@link Outcome#detail}). */
        INCOMPLETE
    }

    /**
     * The result: kind, number of distinct states visited, a description (the reason when incomplete), the number
     * of transitions performed, and whether an incomplete exploration stopped at a limit that {@link #resume} with
     * higher limits can lift (time, number of states), rather than at something more effort cannot change.
     */
    public record Outcome(Kind kind, long states, String detail, Optional<RaceWitness> witness, long transitions,
                          boolean resumable) {}

    /** A state encoding: the first {@code length} bytes of {@code code}, which the key may share until it is stored. */
    private record Key(byte[] code, int length, int hash) {
        Key(StateEncoder.Encoded e) {
            this(e.bytes(), e.length(), hash(e.bytes(), e.length()));
        }

        private static int hash(byte[] b, int n) {
            int h = 1;
            for (int i = 0; i < n; i++) h = 31 * h + b[i];
            return h;
        }

        /** This key with its own copy of the bytes (the encoder reuses its buffer), to be stored. */
        Key stored() {
            return new Key(Arrays.copyOf(code, length), length, hash);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && k.length == length && Arrays.equals(k.code, 0, length, code, 0, length);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A transition of some thread from a state, with what it read and changed. */
    private record Done(int thread, Memory.Footprint footprint) {}

    /** A state on the depth-first stack, its sleep set, and the threads still to expand from it. */
    private static final class Node {
        final ExecState state;
        final List<Interpreter.Executed> via;
        final Node parent;
        /** The transitions asleep in this state (see the class comment). */
        final List<Done> sleep;
        /** The transitions performed from this state so far. */
        final List<Done> done = new ArrayList<>();
        /** Zero: a first visit, expand every awake thread; else a revisit: expand only these threads (a bit mask). */
        final long revisit;
        List<Integer> todo;

        Node(ExecState state, Node parent, List<Interpreter.Executed> via, List<Done> sleep, long revisit) {
            this.state = state;
            this.parent = parent;
            this.via = via;
            this.sleep = sleep;
            this.revisit = revisit;
        }
    }

    /** Thrown to end the exploration without a result. */
    static final class Stop extends RuntimeException {
        /** Stopped at a limit that higher limits lift; the search can continue where it stopped. */
        final boolean resumable;

        Stop(String reason) {
            this(reason, false);
        }

        Stop(String reason, boolean resumable) {
            super(reason, null, false, false);
            this.resumable = resumable;
        }
    }

    /**
     * The chooser of a search that enumerates schedules itself: inputs abandon (a proof cannot enumerate their
     * values), or, in a closed variant, take the candidate at {@link #inputIndex} with random bits 0.
     */
    private Chooser choices() {
        return new Chooser() {
            @Override
            public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
                throw new IllegalStateException("the state-space search schedules threads itself");
            }

            @Override
            public int pickValue(int n) {
                if (inputIndex >= 0) return Math.min(inputIndex, n - 1);
                inputMet = true;
                throw Abandon.unsupported("nondeterministic input");
            }

            @Override
            public long randomBits() {
                if (inputIndex >= 0) return 0;
                inputMet = true;
                throw Abandon.unsupported("nondeterministic input");
            }

            @Override
            public void proofGap(String reason) {
                if (proofGap == null) proofGap = reason;
            }
        };
    }

    private final Program program;
    private Limits limits;
    private final boolean sectionsRace;
    private final boolean libcStateRaces;
    /** Visited states and, per state, the threads whose transitions were asleep in it, as a bit mask. */
    private final Map<Key, Long> visited = new HashMap<>();
    private Transitions transitions;
    private final boolean sleepSets;
    private long transitionCount;
    private long bytes;
    private weft.budget.Budget budget;
    /** Where transitions are counted when the budget is one of work, else null. */
    private weft.budget.WorkMeter meter;
    /** The depth-first stack, kept between {@link #resume} calls; null before the first. */
    private ArrayDeque<Node> stack;
    private long iterations;
    /** The final outcome, once there is one that higher limits cannot change. */
    private Outcome result;
    private StateEncoder encoder;
    private final Map<Function, Liveness> liveness = new IdentityHashMap<>();
    private final LocalEdges localEdges;
    /** -1: inputs abandon; else the candidate every input takes (a closed variant, see the class comment). */
    private final int inputIndex;
    /** Whether the search met a nondeterministic input (and stopped there). */
    private boolean inputMet;
    /** The first outcome of a library call the search met and does not enumerate ({@code Chooser#proofGap}), or null. */
    private String proofGap;

    private StateSpace(Program program, Limits limits, boolean sectionsRace, boolean sleepSets, boolean libcStateRaces) {
        this(program, limits, sectionsRace, sleepSets, libcStateRaces, -1);
    }

    private StateSpace(Program program, Limits limits, boolean sectionsRace, boolean sleepSets, boolean libcStateRaces, int inputIndex) {
        this.inputIndex = inputIndex;
        this.libcStateRaces = libcStateRaces;
        this.program = program;
        this.limits = limits;
        this.sectionsRace = sectionsRace;
        this.sleepSets = sleepSets;
        this.localEdges = new LocalEdges(program, liveness);
    }

    /**
     * A state-space exploration of {@code program} not yet started: {@link #resume} explores within limits and,
     * when it stops at a limit, continues where it stopped on the next call (so escalating limits cost no
     * repeated work).
     */
    public static StateSpace of(Program program, boolean sectionsRace, boolean libcStateRaces) {
        return new StateSpace(program, Limits.defaults(), sectionsRace, true, libcStateRaces);
    }

    /**
     * The closed variant of {@code program} in which every nondeterministic input takes its {@code candidate}-th
     * candidate value (0: zero, 1: one, 2: minus one or two; see the class comment): finds races only, never
     * answers race-free. Not yet started, like {@link #of}.
     */
    public static StateSpace closedVariant(Program program, boolean sectionsRace, boolean libcStateRaces, int candidate) {
        if (candidate < 0) throw new IllegalArgumentException("candidate " + candidate);
        return new StateSpace(program, Limits.defaults(), sectionsRace, true, libcStateRaces, candidate);
    }

    /** Whether the exploration stopped at a nondeterministic input (only a closed variant can go past one). */
    public boolean metInput() {
        return inputMet;
    }

    /** Explores the program's state space; honours {@link Thread#interrupted()}. */
    public static Outcome explore(Program program, Limits limits, boolean sectionsRace) {
        return explore(program, limits, sectionsRace, true, true);
    }

    /**
     * Explores the program's state space; with {@code libcStateRaces}, calls of C library functions with hidden
     * state access its pseudo-object (see {@link ExecState#libcStateRaces}).
     */
    public static Outcome explore(Program program, Limits limits, boolean sectionsRace, boolean sleepSets, boolean libcStateRaces) {
        return new StateSpace(program, limits, sectionsRace, sleepSets, libcStateRaces).resume(limits);
    }

    /** As {@link #explore}, optionally without sleep sets (which must not change the states visited: for tests). */
    static Outcome explore(Program program, Limits limits, boolean sectionsRace, boolean sleepSets) {
        return new StateSpace(program, limits, sectionsRace, sleepSets, true).resume(limits);
    }

    /**
     * Explores until a result or a limit: {@code limits.millis()} of this thread's CPU time from now, and at most
     * {@code limits.maxStates()} states and {@code limits.maxBytes()} bytes in all. After a resumable stop, the next
     * call continues the same depth-first search (the visited states and the stack are kept), so it visits exactly
     * what one exploration with the last call's limits would. Must be called on one thread at a time.
     */
    public Outcome resume(Limits limits) {
        return resume(limits, weft.budget.Budget.cpuMillis(limits.millis()));
    }

    /**
     * {@link #resume(Limits)} within {@code budget} instead of {@code limits.millis()}: on a budget of deterministic
     * work ({@link weft.budget.WorkMeter}) each transition and expansion counts its work there, so the exploration
     * stops at the same state on every run.
     */
    public Outcome resume(Limits limits, weft.budget.Budget budget) {
        if (result != null) return result;
        this.limits = limits;
        this.budget = budget;
        this.meter = budget.clock() instanceof weft.budget.WorkMeter m ? m : null;
        if (stack == null) {
            Outcome failed = start();
            if (failed != null) return result = failed;
        }
        try {
            return result = search();
        } catch (Stop s) {
            Outcome o = incomplete(s.getMessage(), s.resumable);
            if (!s.resumable) result = o;
            return o;
        } catch (StackOverflowError | OutOfMemoryError | RuntimeException e) {
            visited.clear();
            stack = null;
            if (Boolean.getBoolean("weft.debug")) e.printStackTrace();
            return result = incomplete("internal: " + e);
        }
    }

    /** Builds the initial state and pushes it; an incomplete outcome when that fails. */
    private Outcome start() {
        Function main = program.function("main");
        if (main == null) return incomplete("no main function");
        ExecState s0;
        try {
            ExecState init = ExecState.initial(program);
            encoder = new StateEncoder(init, liveness);
            transitions = new Transitions(program, localEdges, encoder.fixedObjects());
            s0 = init.fork(choices());
            s0.exhaustive = true;
            s0.mem.limitObjects(weft.exec.state.Memory.EXPLORED_OBJECT);
            s0.libcStateRaces = libcStateRaces;
            ThreadState mt = new ThreadState(0, "main");
            s0.addThread(mt);
            // argc and argv are inputs: the interpreter starts main with argc = 1, which a proof cannot assume once
            // main reads them (a closed variant takes that one value and goes on)
            if (!weft.ir.MainArguments.named(main).isEmpty()) s0.pickValue(1);
            Execution.startMain(s0, new Interpreter(s0), mt, main);
            Key k0 = encode(s0).stored();
            visited.put(k0, 0L);
            bytes += k0.length() + 64L;
            stack = new ArrayDeque<>();
            stack.push(new Node(s0, null, List.of(), List.of(), 0));
        } catch (Abandon a) {
            return incomplete(inputMet ? "main reads its arguments (argc, argv), which are inputs" : "initialisation: " + a.getMessage());
        } catch (Stop s) {
            return incomplete(s.getMessage());
        } catch (StackOverflowError | RuntimeException e) {
            return incomplete("internal: " + e);
        }
        return null;
    }

    private Outcome incomplete(String reason) {
        return incomplete(reason, false);
    }

    private Outcome incomplete(String reason, boolean resumable) {
        return new Outcome(Kind.INCOMPLETE, visited.size(), reason, Optional.empty(), transitionCount, resumable);
    }

    /**
     * The depth-first search from where {@link #stack} stands. Limits are checked only at the head of the loop, between
     * two iterations, so a stop there leaves the stack and the visited set consistent for {@link #resume}.
     */
    private Outcome search() {
        while (!stack.isEmpty()) {
            if ((++iterations & 63) == 0) checkLimits();
            Node node = stack.peek();
            if (node.todo == null) {
                RaceWitness w = expand(node);
                if (w != null) return new Outcome(Kind.RACE, visited.size(), "a racing state is reachable", Optional.of(w), transitionCount, false);
            }
            if (node.todo.isEmpty()) {
                stack.pop();
                continue;
            }
            int t = node.todo.remove(0);
            ExecState next = node.state.copy();
            Transitions.Fused f = transitions.perform(next, t);
            transitionCount++;
            if (f == null) {
                if (meter != null) meter.transitionNotMade();
                continue;
            }
            Memory.Footprint fp = f.footprint();
            // asleep after t: the transitions asleep here or done before t that commute with t
            List<Done> sleep = new ArrayList<>();
            long mask = 0;
            if (sleepSets && !fp.global && t < 63) {
                for (List<Done> ds : List.of(node.sleep, node.done)) {
                    for (Done d : ds) {
                        if (d.thread() < 63 && d.footprint().independentOf(fp)) {
                            sleep.add(d);
                            mask |= 1L << d.thread();
                        }
                    }
                }
            }
            node.done.add(new Done(t, fp));
            Key key = encode(next);
            if (meter != null) meter.transition(f.steps().size(), key.length());
            Long before = visited.get(key);
            if (before == null) {
                key = key.stored();
                visited.put(key, mask);
                bytes += key.length() + 64L;
                stack.push(new Node(next, node, f.steps(), sleep, 0));
            } else if ((before & ~mask) != 0) {
                // visited with transitions asleep that are awake now: expand those now, with the transitions asleep
                // in both visits asleep (Godefroid's sleep sets with state caching)
                long both = before & mask;
                visited.put(key, both);
                List<Done> kept = new ArrayList<>();
                for (Done d : sleep) if ((both & (1L << d.thread())) != 0) kept.add(d);
                stack.push(new Node(next, node, f.steps(), kept, before & ~mask));
            }
        }
        if (inputIndex >= 0) {
            return new Outcome(Kind.INCOMPLETE, visited.size(), "no race in the closed variant (every input its candidate "
                    + inputIndex + "): " + visited.size() + " states", Optional.empty(), transitionCount, false);
        }
        if (proofGap != null) {
            return new Outcome(Kind.INCOMPLETE, visited.size(), proofGap + " (no race in the " + visited.size()
                    + " states where it did not happen)", Optional.empty(), transitionCount, false);
        }
        return new Outcome(Kind.RACE_FREE, visited.size(), "all " + visited.size() + " reachable states explored", Optional.empty(),
                transitionCount, false);
    }

    private void checkLimits() {
        if (Thread.currentThread().isInterrupted()) throw new Stop("interrupted");
        if (budget.expired()) {
            String what = meter == null || budget.capped() ? "time limit" : "budget of work used up";
            throw new Stop(what + " after " + visited.size() + " states", true);
        }
        if (visited.size() > limits.maxStates()) throw new Stop("more than " + limits.maxStates() + " states", true);
        if (bytes > limits.maxBytes()) throw new Stop("state space larger than " + (limits.maxBytes() >> 20) + " MB");
    }

    private Key encode(ExecState s) {
        return new Key(encoder.encode(s));
    }

    /**
     * Plans every thread of the node's state, checks the state for a race, and decides which threads to expand.
     * Returns a witness when the state races and the race is certain.
     */
    private RaceWitness expand(Node node) {
        ExecState s = node.state;
        Interpreter in = new Interpreter(s);
        int n = s.threads.size();
        if (meter != null) meter.expansion(n);
        Interpreter.Plan[] plans = new Interpreter.Plan[n];
        List<Integer> enabled = new ArrayList<>(n);
        ThreadState owner = null;
        for (ThreadState t : s.threads) if (!t.finished && t.inAtomic()) owner = t;
        for (int i = 0; i < n; i++) {
            // planning an atomic section runs it speculatively, which may add and drop threads: index, not iterate
            ThreadState t = s.threads.get(i);
            if (t.finished || (owner != null && t != owner)) continue;
            Interpreter.Plan p = in.plan(t);
            plans[t.index] = p;
            if (p.abandoned() != null && p.abandonKind() != Abandon.Kind.INFEASIBLE && p.abandonKind() != Abandon.Kind.PROGRAM_END) {
                throw new Stop(t.name + ": " + p.abandoned());
            }
            if (p.enabled()) enabled.add(t.index);
        }
        if (owner != null && enabled.isEmpty()) throw new Stop("an atomic section of " + owner.name + " blocks");
        if (owner == null && enabled.size() >= 2 && node.revisit == 0) {
            RaceWitness w = race(node, enabled, plans);
            if (w != null) return w;
        }
        long asleep = 0;
        for (Done d : node.sleep) asleep |= 1L << d.thread();
        List<Integer> todo = new ArrayList<>(enabled.size());
        for (int t : enabled) {
            if (plans[t].terminates() || (asleep & (1L << t)) != 0) continue;
            if (node.revisit == 0 || (node.revisit & (1L << t)) != 0) todo.add(t);
        }
        node.todo = transitions.localFirst(s, todo, plans);
        return null;
    }

    private RaceWitness race(Node node, List<Integer> enabled, Interpreter.Plan[] plans) {
        ExecState s = node.state;
        String unsure = null;
        for (int x = 0; x < enabled.size(); x++) {
            for (int y = x + 1; y < enabled.size(); y++) {
                int ta = enabled.get(x);
                int tb = enabled.get(y);
                for (ByteAccess a : plans[ta].accesses()) {
                    for (ByteAccess b : plans[tb].accesses()) {
                        if (!a.conflicts(b, sectionsRace)) continue;
                        if (!a.proofOnly() && !b.proofOnly() && !s.spuriousWakeup) return witness(node, ta, a, tb, b);
                        if (unsure == null) unsure = s.spuriousWakeup ? "after a spurious wakeup"
                                : "on an access counted for proofs only, which no run confirms (" + (a.proofOnly() ? a : b).subject() + ")";
                    }
                }
            }
        }
        if (unsure != null) throw new Stop("a racing state is reachable " + unsure);
        return null;
    }

    private static RaceWitness witness(Node node, int ta, ByteAccess a, int tb, ByteAccess b) {
        List<List<Interpreter.Executed>> parts = new ArrayList<>();
        for (Node k = node; k != null; k = k.parent) parts.add(k.via);
        List<Step> steps = new ArrayList<>();
        for (int i = parts.size() - 1; i >= 0; i--) for (Interpreter.Executed x : parts.get(i)) steps.add(x.toStep());
        return Execution.witness(node.state, steps, ta, a, tb, b);
    }
}
