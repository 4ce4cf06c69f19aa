package weft.thread;

import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.IntConversions;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ready flags under a mutex (the "value barrier" of real programs): one unique thread M writes what the others will
 * read, then sets a global flag {@code ready} to a nonzero value holding a mutex {@code L}; another thread waits holding
 * {@code L} until it reads the flag nonzero ({@code lock(L); while (!ready) cond_wait(cv, L); unlock(L)}) and then reads
 * what M wrote. Every access M makes before its first write of the flag happens before every access a thread makes after
 * it has read the flag nonzero: the thread-modular walk records the flags a thread has certainly seen set
 * ({@code LocalState#flagsSeen}, must) and those it may have written ({@code LocalState#flagsSet}, may), and the rule
 * {@code race.rules.PublishedBefore} orders such pairs.
 *
 * <p>Soundness. The flag is a candidate of {@link NamedMutexes}: a plain global integer, zero-initialised, never
 * address-taken, out of reach of external code, written only by plain assignments. Every write stores a constant that
 * is nonzero in the flag's type, is made holding {@code L} (must-held within its function), and is made by M, the one
 * unique thread that runs any of the writing functions. An observation is an edge where the flag, read holding
 * {@code L} (must-held within the observing function), has been found nonzero. Critical sections of {@code L} are
 * totally ordered; the observing one reads a nonzero value, which only a write of M's can have stored, so M's first
 * write's critical section precedes it, and M's release of {@code L} after that write synchronises with the observer's
 * acquisition. An access of M at a point where M has not yet written the flag on any path precedes that first write in
 * program order; an access of the observer after the observation follows it. So the two are ordered by happens-before.
 * The flag is never reset (every write is nonzero), so a thread that has seen it set sees it set from then on.
 *
 * <p>Assumes: the walk applies every edge of the functions that write or observe a flag (they lock {@code L}, so they
 * are never sync-free); mutexes as POSIX says. Racy variants (flag without the mutex, reset of the flag, a write of the
 * data after the flag, a second writer thread): see {@code races/35-ready-flags/}.
 */
public final class PublicationFlags {
    /** A flag and the unique thread that writes it. */
    public record Flag(Variable variable, ThreadId writer) {}

    private final Program program;
    private final ThreadGraph graph;
    private final NamedMutexes mutexes;
    /** The flags and, per function, the edges where a flag has been seen set; computed once. */
    private record Facts(Map<Variable, Flag> flags, Map<Edge, Variable> writes, Map<String, Map<Edge, Set<Flag>>> observations) {}

    private final Computed<Facts> facts = new Computed<>(this::compute);

    public PublicationFlags(Program program, ThreadGraph graph, NamedMutexes mutexes) {
        this.program = program;
        this.graph = graph;
        this.mutexes = mutexes;
    }

    /** The flag {@code e} of {@code f} writes, or null. */
    public Variable setAt(Edge e) {
        return e.stmt() instanceof Stmt.Assign ? facts().writes().get(e) : null;
    }

    /** The flags seen set once {@code e} of {@code f} is taken. */
    public Set<Flag> observedAt(Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Assume)) return Set.of();
        return facts().observations().getOrDefault(f.linkName(), Map.of()).getOrDefault(e, Set.of());
    }

    /** Computed once, on the first use (read on every edge of the walk after that: no lock then). */
    private Facts facts() {
        return facts.get();
    }

    private Facts compute() {
        Map<Variable, Flag> fl = new HashMap<>();
        Map<Edge, Variable> writes = new HashMap<>();
        Map<Variable, Variable> locks = new HashMap<>();
        for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.candidates().entrySet()) {
            Variable v = w.getKey();
            ThreadId writer = writer(v, w.getValue());
            Variable lock = writer == null ? null : guard(w.getValue());
            if (lock == null) continue;
            fl.put(v, new Flag(v, writer));
            for (NamedMutexes.Write x : w.getValue()) writes.put(x.e(), v);
            locks.put(v, lock);
        }
        Map<String, Map<Edge, Set<Flag>>> obs = new HashMap<>();
        if (!fl.isEmpty()) {
            for (Function g : program.functions().values()) {
                Map<Variable, BitSet> held = new HashMap<>();
                for (Edge e : g.cfg().edges()) {
                    if (!(e.stmt() instanceof Stmt.Assume a)) continue;
                    for (Flag f : fl.values()) {
                        if (!impliesNonzero(mutexes, g, a.cond(), a.positive(), f.variable())) continue;
                        BitSet h = held.computeIfAbsent(locks.get(f.variable()), l -> mutexes.held(g, l));
                        if (h.get(e.from())) obs.computeIfAbsent(g.linkName(), k -> new HashMap<>()).computeIfAbsent(e, k -> new HashSet<>()).add(f);
                    }
                }
            }
        }
        return new Facts(fl, writes, obs);
    }

    /** The unique thread that runs every function writing {@code v}, when every write stores a nonzero constant; else null. */
    private ThreadId writer(Variable v, List<NamedMutexes.Write> writes) {
        ThreadId writer = null;
        for (NamedMutexes.Write w : writes) {
            Expr r = ((Stmt.Assign) w.e().stmt()).rhs();
            while (r instanceof Expr.Cast k) r = k.operand();
            if (!(r instanceof Expr.IntConst k) || IntConversions.truncate(k.value(), v.type().size(), false) == 0) return null;
            for (ThreadId t : graph.threadsRunning(w.fn().linkName())) {
                if (writer != null && !writer.equals(t)) return null;
                writer = t;
            }
        }
        return writer != null && graph.isUnique(writer) ? writer : null;
    }

    /** A global mutex held at every write, or null. */
    private Variable guard(List<NamedMutexes.Write> writes) {
        Function first = writes.get(0).fn();
        for (Variable l : mutexes.lockedIn(first)) {
            boolean all = true;
            for (NamedMutexes.Write w : writes) all &= mutexes.held(w.fn(), l).get(w.e().from());
            if (all) return l;
        }
        return null;
    }

    /** Whether {@code cond} (in {@code fn}) being {@code positive} implies {@code v != 0}. */
    static boolean impliesNonzero(NamedMutexes mutexes, Function fn, Expr cond, boolean positive, Variable v) {
        NamedMutexes.Test t = mutexes.test(fn, cond, positive, v);
        if (t == null) return false;
        long k = t.k();
        // the values the condition allows exclude 0
        return switch (t.op()) {
            case NE -> k == 0;
            case EQ -> k != 0;
            case GT -> k >= 0;
            case GE -> k >= 1;
            case LT -> k <= 0;
            case LE -> k <= -1;
            default -> false;
        };
    }


}
