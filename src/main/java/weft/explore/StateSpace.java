package weft.explore;

import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.LibraryModels;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
 *       (values, {@code rand}, time) abandon, since their values cannot be enumerated here. Allocation and thread
 *       creation succeed, as in SV-COMP's model.</li>
 *   <li>Race check: the same check as the witness search, on every visited state, over every pair of enabled
 *       threads with all the accesses of their next steps (a step's plan collects every access it performs).</li>
 *   <li>Coverage: depth-first search over all enabled threads of each state; a state is not expanded again when an
 *       equal one (see {@link StateEncoder}) was visited, since its successors are then the same. Steps that end the
 *       program lead to a final state, which has no race to check beyond the state before.</li>
 *   <li>Local steps: a step is <em>local</em> when it only reads and writes its thread's own unshared locals
 *       (objects no pointer reaches) and does nothing else another thread could observe (see {@link #localStep}).
 *       A local step of thread t commutes with every step of another thread (disjoint footprints, and neither can
 *       enable or disable the other), and while it is pending t has no access another thread could race with, nor
 *       does it change another thread's next step.</li>
 *   <li>Fused transitions: a transition is one step of a thread followed by as many of its following local steps as
 *       are enabled (at most {@link #MAX_CHAIN}); the states in between are not visited. Every path of the full
 *       system to a racing state maps to a path of fused transitions to a racing state: first extend it by the
 *       pending local steps of the threads other than the two racing ones (this changes neither racing access), then
 *       move every local step left, past steps of other threads, to just after the previous step of its own thread
 *       (or the creation of the thread); the path is then a sequence of fused transitions.</li>
 *   <li>Local-step reduction: when some thread t's next step is local (a new thread's first steps, or a chain cut
 *       at {@link #MAX_CHAIN}), only t is expanded from the state: every racing state reachable with other threads
 *       moving first is reachable, with the same pending accesses, after t's step (which commutes with them). Cycle
 *       proviso: when t's successor is on the depth-first stack, the state is expanded fully, so every cycle of the
 *       reduced graph has a fully expanded state and no thread is ignored forever (the stack condition of
 *       Peled/Holzmann, sound for reachability with depth-first search and a visited set).</li>
 * </ul>
 * A racing state found is reported as a race witness only when it involves no proof-only access and no spurious
 * wakeup; otherwise the result is merely "not race-free".
 */
public final class StateSpace {
    /**
     * Limits of one exploration.
     *
     * @param maxStates distinct states at most
     * @param maxBytes bytes of state encodings kept in the visited set at most
     * @param millis wall-clock budget
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

    /** The result: kind, number of distinct states visited, and a description (the reason when incomplete). */
    public record Outcome(Kind kind, long states, String detail, Optional<RaceWitness> witness) {}

    private record Key(byte[] code, int hash) {
        Key(byte[] code) {
            this(code, Arrays.hashCode(code));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.code, code);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A state on the depth-first stack and the threads still to expand from it. */
    private static final class Node {
        final ExecState state;
        final Key key;
        final List<Interpreter.Executed> via;
        final Node parent;
        List<Integer> todo;
        List<Integer> all;
        int reducedTo = -1;

        Node(ExecState state, Key key, Node parent, List<Interpreter.Executed> via) {
            this.state = state;
            this.key = key;
            this.parent = parent;
            this.via = via;
        }
    }

    /** Thrown to end the exploration without a result. */
    private static final class Stop extends RuntimeException {
        Stop(String reason) {
            super(reason, null, false, false);
        }
    }

    /** A chooser for a search that enumerates schedules itself and cannot enumerate input values. */
    private static final Chooser NO_CHOICES = new Chooser() {
        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            throw new IllegalStateException("the state-space search schedules threads itself");
        }

        @Override
        public int pickValue(int n) {
            throw Abandon.unsupported("nondeterministic input");
        }

        @Override
        public long randomBits() {
            throw Abandon.unsupported("nondeterministic input");
        }
    };

    /** Local steps fused into one transition at most. */
    private static final int MAX_CHAIN = 10_000;
    private final Program program;
    private final Limits limits;
    private final boolean sectionsRace;
    private final Set<Key> visited = new HashSet<>();
    private final Set<Key> onStack = new HashSet<>();
    private long bytes;
    private long deadline;
    private StateEncoder encoder;
    private final Map<Function, Liveness> liveness = new IdentityHashMap<>();
    private final LocalEdges localEdges;

    private StateSpace(Program program, Limits limits, boolean sectionsRace) {
        this.program = program;
        this.limits = limits;
        this.sectionsRace = sectionsRace;
        this.localEdges = new LocalEdges(program, liveness);
    }

    /** Explores the program's state space; honours {@link Thread#interrupted()}. */
    public static Outcome explore(Program program, Limits limits, boolean sectionsRace) {
        return new StateSpace(program, limits, sectionsRace).run();
    }

    private Outcome run() {
        deadline = System.nanoTime() + limits.millis() * 1_000_000L;
        Function main = program.function("main");
        if (main == null) return incomplete("no main function");
        ExecState s0;
        try {
            ExecState init = ExecState.initial(program);
            encoder = new StateEncoder(init, liveness);
            s0 = init.fork(NO_CHOICES);
            s0.exhaustive = true;
            ThreadState mt = new ThreadState(0, "main");
            s0.threads.add(mt);
            Execution.startMain(s0, new Interpreter(s0), mt, main);
        } catch (Abandon a) {
            return incomplete("initialisation: " + a.getMessage());
        }
        try {
            return search(s0);
        } catch (Stop s) {
            return incomplete(s.getMessage());
        } catch (StackOverflowError | OutOfMemoryError | RuntimeException e) {
            visited.clear();
            if (Boolean.getBoolean("weft.debug")) e.printStackTrace();
            return incomplete("internal: " + e);
        }
    }

    private Outcome incomplete(String reason) {
        return new Outcome(Kind.INCOMPLETE, visited.size(), reason, Optional.empty());
    }

    private Outcome search(ExecState s0) {
        Key k0 = visit(s0);
        ArrayDeque<Node> stack = new ArrayDeque<>();
        stack.push(new Node(s0, k0, null, List.of()));
        onStack.add(k0);
        long iterations = 0;
        while (!stack.isEmpty()) {
            if ((++iterations & 63) == 0) checkLimits();
            Node node = stack.peek();
            if (node.todo == null) {
                RaceWitness w = expand(node);
                if (w != null) return new Outcome(Kind.RACE, visited.size(), "a racing state is reachable", Optional.of(w));
            }
            if (node.todo.isEmpty()) {
                stack.pop();
                onStack.remove(node.key);
                continue;
            }
            int t = node.todo.remove(0);
            ExecState next = node.state.copy();
            List<Interpreter.Executed> done = chain(next, t);
            Key key = done == null ? null : encode(next);
            boolean fresh = key != null && visited.add(key);
            if (fresh) bytes += key.code.length + 64L;
            if (t == node.reducedTo) {
                // cycle proviso: a local step leading back onto the stack does not stand for the others
                node.todo = key != null && !fresh && onStack.contains(key) ? without(node.all, t) : new ArrayList<>();
                node.reducedTo = -1;
            }
            if (fresh) {
                stack.push(new Node(next, key, node, done));
                onStack.add(key);
            }
        }
        return new Outcome(Kind.RACE_FREE, visited.size(), "all " + visited.size() + " reachable states explored", Optional.empty());
    }

    private static List<Integer> without(List<Integer> all, int t) {
        List<Integer> r = new ArrayList<>(all);
        r.remove(Integer.valueOf(t));
        return r;
    }

    private void checkLimits() {
        if (Thread.currentThread().isInterrupted()) throw new Stop("interrupted");
        if (System.nanoTime() > deadline) throw new Stop("time limit after " + visited.size() + " states");
        if (visited.size() > limits.maxStates()) throw new Stop("more than " + limits.maxStates() + " states");
        if (bytes > limits.maxBytes()) throw new Stop("state space larger than " + (limits.maxBytes() >> 20) + " MB");
    }

    private Key encode(ExecState s) {
        return new Key(encoder.encode(s));
    }

    /** Adds the initial state to the visited set. */
    private Key visit(ExecState s) {
        Key k = encode(s);
        visited.add(k);
        bytes += k.code.length + 64L;
        return k;
    }

    /**
     * Performs thread {@code t}'s next step on {@code s} and then its following local steps, up to
     * {@link #MAX_CHAIN}: one fused transition (see the class comment); null when the first step ends the path.
     */
    private List<Interpreter.Executed> chain(ExecState s, int t) {
        List<Interpreter.Executed> first = step(s, t);
        if (first == null) return null;
        List<Interpreter.Executed> done = new ArrayList<>(first);
        ThreadState ts = s.threads.get(t);
        // local steps of t change nothing other threads reach: the sharing after the first step stays valid
        LazySharing sh = new LazySharing(s);
        Interpreter in = new Interpreter(s);
        for (int k = 0; k < MAX_CHAIN && !ts.finished; k++) {
            if (syntacticallyLocal(s, ts)) {
                try {
                    done.add(in.performLocal(ts));
                } catch (Abandon a) {
                    throw new Stop(ts.name + ": " + a.getMessage());
                }
                continue;
            }
            Interpreter.Plan p = in.plan(ts);
            if (!localStep(ts, p, sh)) break;
            done.addAll(in.execute(ts));
        }
        return done;
    }

    /**
     * Whether the thread's next step is local by its syntax (see {@link LocalEdges}) and the variables it reads hold
     * no pointer: then it need not be planned.
     */
    private boolean syntacticallyLocal(ExecState s, ThreadState t) {
        if (t.phase != ThreadState.Phase.NONE || t.inAtomic()) return false;
        Frame f = t.top();
        List<Edge> out = f.fn.cfg().out(f.node);
        if (out.isEmpty()) return false;
        for (Edge e : out) {
            int[] reads = localEdges.variablesRead(f.fn, e);
            if (reads == null) return false;
            for (int v : reads) {
                int o = f.object(v);
                if (o >= 0 && !s.mem.peek(o).ptrs.isEmpty()) return false;
            }
        }
        return true;
    }

    /** Performs thread {@code t}'s step on {@code s}; null when the step ends the path (end of program, failed assumption). */
    private static List<Interpreter.Executed> step(ExecState s, int t) {
        Interpreter in = new Interpreter(s);
        ThreadState ts = s.threads.get(t);
        // the step was planned (enabled, without nondeterministic values) on the state this one copies
        try {
            return in.execute(ts);
        } catch (Abandon a) {
            if (a.kind == Abandon.Kind.INFEASIBLE || a.kind == Abandon.Kind.PROGRAM_END) return null;
            throw new Stop(ts.name + ": " + a.getMessage());
        }
    }

    /**
     * Plans every thread of the node's state, checks the state for a race, and decides which threads to expand.
     * Returns a witness when the state races and the race is certain.
     */
    private RaceWitness expand(Node node) {
        ExecState s = node.state;
        Interpreter in = new Interpreter(s);
        int n = s.threads.size();
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
        if (owner == null && enabled.size() >= 2) {
            RaceWitness w = race(node, enabled, plans);
            if (w != null) return w;
        }
        List<Integer> choosable = new ArrayList<>(enabled.size());
        for (int t : enabled) if (!plans[t].terminates()) choosable.add(t);
        node.all = choosable;
        node.todo = new ArrayList<>(choosable);
        if (choosable.size() > 1) {
            LazySharing sh = new LazySharing(s);
            for (int t : choosable) {
                if (localStep(s.threads.get(t), plans[t], sh)) {
                    node.todo = new ArrayList<>(List.of(t));
                    node.reducedTo = t;
                    break;
                }
            }
        }
        return null;
    }

    /** The {@link Sharing} of a state, computed when first needed. */
    private final class LazySharing {
        private final ExecState s;
        private Sharing sharing;

        LazySharing(ExecState s) {
            this.s = s;
        }

        /** Whether {@code obj} is certainly private to thread {@code t}: first the cheap test, then reachability. */
        boolean privateTo(int obj, ThreadState t) {
            MemObject o = s.mem.peek(obj);
            if (o.kind == MemObject.Kind.LOCAL && !o.addressTaken && o.owner == t.index) return true; // no pointer to it exists
            if (obj < encoder.fixedObjects()) return false;
            if (sharing == null) sharing = Sharing.of(s, encoder.fixedObjects());
            return sharing.privateTo(obj, t.index);
        }

        /** Whether looking at {@code obj} (liveness, bounds) is independent of other threads: private or static. */
        boolean stable(int obj, ThreadState t) {
            return obj < encoder.fixedObjects() || privateTo(obj, t);
        }
    }

    /**
     * The thread's next step is <em>local</em>: it only reads and writes objects private to the thread (see
     * {@link Sharing}), looks at no other object that can die, and does nothing else another thread could observe:
     * an assignment, branch, declaration or fence; a direct call of a defined function (its parameters are fresh
     * private objects); a return to a caller that kills only private objects. Calls of library functions, atomic
     * functions, thread ends and once-routines are never local.
     */
    private boolean localStep(ThreadState t, Interpreter.Plan p, LazySharing sh) {
        if (!p.enabled() || p.terminates() || p.section() != null) return false;
        if (t.phase != ThreadState.Phase.NONE || t.inAtomic()) return false;
        Frame f = t.top();
        Cfg cfg = f.fn.cfg();
        List<Edge> out = cfg.out(f.node);
        if (out.isEmpty()) {
            if (f.node != cfg.exit() || !localReturn(t, f, sh)) return false;
        }
        for (Edge e : out) {
            Stmt st = e.stmt();
            if (st instanceof Stmt.Decl d) {
                int old = f.object(d.variable().id());
                if (old >= 0 && !sh.privateTo(old, t)) return false;
            } else if (st instanceof Stmt.Call call) {
                if (!(program.target(call) instanceof CallTarget.User u) || LibraryModels.isAtomicFunction(u.function().name())) return false;
            } else if (st instanceof Stmt.Return) {
                if (!localReturn(t, f, sh)) return false;
            } else if (!(st instanceof Stmt.Assign || st instanceof Stmt.Assume || st instanceof Stmt.Skip || st instanceof Stmt.Asm)) {
                return false;
            }
        }
        for (Access a : p.accesses()) if (!sh.privateTo(a.obj(), t)) return false;
        Memory.ReadLog looked = p.looked();
        for (int i = 0; i < looked.size; i++) if (!sh.stable(looked.ids[i], t)) return false;
        return true;
    }

    private static boolean localReturn(ThreadState t, Frame f, LazySharing sh) {
        if (t.stack.size() < 2 || f.atomic || f.onceKey != null || f.callEdge == null) return false;
        for (int i = 0; i < f.owned(); i++) if (!sh.privateTo(f.ownedAt(i), t)) return false;
        return true;
    }

    private RaceWitness race(Node node, List<Integer> enabled, Interpreter.Plan[] plans) {
        ExecState s = node.state;
        boolean anyRace = false;
        for (int x = 0; x < enabled.size(); x++) {
            for (int y = x + 1; y < enabled.size(); y++) {
                int ta = enabled.get(x);
                int tb = enabled.get(y);
                for (Access a : plans[ta].accesses()) {
                    for (Access b : plans[tb].accesses()) {
                        if (!a.conflicts(b, sectionsRace)) continue;
                        anyRace = true;
                        if (!a.proofOnly() && !b.proofOnly() && !s.spuriousWakeup) return witness(node, ta, a, tb, b);
                    }
                }
            }
        }
        if (anyRace) throw new Stop("a racing state is reachable (on a thread id written by pthread_create, or after a spurious wakeup)");
        return null;
    }

    private static RaceWitness witness(Node node, int ta, Access a, int tb, Access b) {
        List<List<Interpreter.Executed>> parts = new ArrayList<>();
        for (Node k = node; k != null; k = k.parent) parts.add(k.via);
        List<Step> steps = new ArrayList<>();
        for (int i = parts.size() - 1; i >= 0; i--) for (Interpreter.Executed x : parts.get(i)) steps.add(x.toStep());
        return Execution.witness(node.state, steps, ta, a, tb, b);
    }
}
