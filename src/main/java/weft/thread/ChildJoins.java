package weft.thread;

import weft.ir.AddressTaken;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fork-join of recursive divide and conquer, seen from the creator: {@code l = malloc(..); ...;
 * pthread_create(&a, 0, work, l); ...; pthread_join(a, 0); use(l->result); free(l)}. A <em>tracked create</em> of a
 * function {@code f} is a thread creation whose argument is a local {@code l} of {@code f} whose address is never taken
 * and which hands the new thread an object the creator allocated and has not published
 * ({@link InstanceKeys#handsOwnAllocation}), and whose id argument is {@code &a} for an automatic variable {@code a}
 * of {@code f} whose address {@code f} takes nowhere else than as the id argument of creates. Two must-facts per
 * tracked create {@code c}, at each node of {@code f}:
 * <ul>
 * <li><b>holds(c)</b>: on every path from the entry, {@code c} ran and since its last run nothing assigned {@code l}
 * or {@code a} (no assignment or declaration naming them, no other create storing into {@code a}): {@code l} still
 * points into the object {@code c} handed to the child it started last, an allocation of this activation that no
 * other thread instance was ever handed while it lives;</li>
 * <li><b>joined(c)</b>: holds(c), and a waiting join of {@code a}'s value ran after that last run of {@code c}: that
 * child has ended, so every access it made happens before what follows.</li>
 * </ul>
 *
 * <p>Soundness. {@code l} and {@code a} are automatic variables of one activation, changed only by statements naming
 * them ({@code l}'s address is never taken; {@code a}'s only by creates, which store a new id into it), so the
 * dataflow (meet = intersection, entry = nothing holds) sees every change of them. When {@code c} returns,
 * {@code a} holds the id of the child it started and {@code l} the object it handed it (the value passed); a join
 * of {@code a}'s value that waits returns only after that child ended. If the create failed, there is no such child
 * and the object was handed to nobody, which only makes the claims about it stronger.
 *
 * <p>Assumes: a join of a joinable thread waits for it: the program detaches no thread ({@link TidCells#detaches}:
 * a join of a detached thread returns at once), and no child joins its own creator (a join POSIX may answer with
 * EDEADLK); no non-local jumps (such programs are incomplete). Corpus {@code 37-join-trees}.
 */
public final class ChildJoins {
    /** A tracked create: its edge, the local handed to the child, the local its id is stored into. */
    private record Create(Edge edge, Variable arg, Variable id) {}

    /** Per function: its tracked creates and the facts at each node (bit i: holds(i), bit n + i: joined(i)). */
    private record Solution(List<Create> creates, List<BitSet> facts) {}

    private final Program program;
    private final AddressTaken addressTaken;
    private final InstanceKeys keys;
    private final TidCells tids;
    private final Map<String, Solution> solutions = new ConcurrentHashMap<>();

    public ChildJoins(Program program, AddressTaken addressTaken, InstanceKeys keys, TidCells tids) {
        this.program = program;
        this.addressTaken = addressTaken;
        this.keys = keys;
        this.tids = tids;
    }

    /** Whether, where {@code e} of {@code f} runs, {@code v} is the argument local of a tracked create that holds. */
    public boolean holds(Function f, Edge e, Variable v) {
        return fact(f, e, v, false);
    }

    /** Whether, where {@code e} of {@code f} runs, {@code v} is the argument local of a tracked create joined since. */
    public boolean joined(Function f, Edge e, Variable v) {
        return !tids.detaches() && fact(f, e, v, true);
    }

    private boolean fact(Function f, Edge e, Variable v, boolean joined) {
        Solution s = solutions.computeIfAbsent(f.linkName(), k -> solve(f));
        BitSet at = s.facts.get(e.from());
        if (at == null) return false;
        int n = s.creates.size();
        for (int i = 0; i < n; i++) {
            if (s.creates.get(i).arg.equals(v) && at.get(joined ? n + i : i)) return true;
        }
        return false;
    }

    private Solution solve(Function f) {
        List<Create> creates = tracked(f);
        if (creates.isEmpty()) return new Solution(creates, new ArrayList<>(Collections.nCopies(f.cfg().nodeCount(), (BitSet) null)));
        List<BitSet> in = MustFlow.solve(f, new BitSet(), (x, cur) -> step(x, cur, creates), (a, b) -> {
            BitSet m = (BitSet) a.clone();
            m.and(b);
            return m;
        });
        return new Solution(creates, in);
    }

    private BitSet step(Edge x, BitSet cur, List<Create> creates) {
        BitSet out = (BitSet) cur.clone();
        int n = creates.size();
        Stmt st = x.stmt();
        if (st instanceof Stmt.Asm) return new BitSet();
        Variable assigned = st instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var v ? v.variable()
                : st instanceof Stmt.Decl d ? d.variable()
                : st instanceof Stmt.Call c && c.result() instanceof Lvalue.Var v ? v.variable() : null;
        Event ev = st instanceof Stmt.Call c && program.target(c) instanceof CallTarget.Library lib ? lib.model().event() : null;
        Variable idStored = ev instanceof Event.ThreadCreate tc ? addressOf(((Stmt.Call) st).args(), tc.idArg()) : null;
        Variable joinedId = ev instanceof Event.ThreadJoin tj && tj.waits() ? loaded(((Stmt.Call) st).args(), tj.idArg()) : null;
        for (int i = 0; i < n; i++) {
            Create c = creates.get(i);
            if (c.edge.equals(x)) {
                out.set(i);
                out.clear(n + i);
            } else if (c.arg.equals(assigned) || c.id.equals(assigned) || c.id.equals(idStored)) {
                out.clear(i);
                out.clear(n + i);
            } else if (c.id.equals(joinedId) && cur.get(i)) {
                out.set(n + i);
            }
        }
        return out;
    }

    /** The tracked creates of {@code f} (see the class comment). */
    private List<Create> tracked(Function f) {
        List<Create> out = new ArrayList<>();
        List<Edge> creates = new ArrayList<>();
        for (Edge e : f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Call c && program.target(c) instanceof CallTarget.Library lib
                    && lib.model().event() instanceof Event.ThreadCreate) {
                creates.add(e);
            }
        }
        for (Edge e : creates) {
            Stmt.Call c = (Stmt.Call) e.stmt();
            Event.ThreadCreate tc = (Event.ThreadCreate) ((CallTarget.Library) program.target(c)).model().event();
            Variable arg = loaded(c.args(), tc.argArg());
            Variable id = addressOf(c.args(), tc.idArg());
            if (arg == null || id == null || !automatic(arg) || id.kind() != Variable.Kind.LOCAL || addressTaken.in(f, arg)
                    || !addressOnlyAsId(f, id, creates) || !keys.handsOwnAllocation(f, e)) {
                continue;
            }
            out.add(new Create(e, arg, id));
        }
        return out;
    }

    private static boolean automatic(Variable v) {
        return v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP;
    }

    /** Whether {@code f} takes {@code id}'s address only as the id argument of its creates. */
    private boolean addressOnlyAsId(Function f, Variable id, List<Edge> creates) {
        for (Edge e : f.cfg().edges()) {
            Stmt st = e.stmt();
            if (creates.contains(e)) {
                Stmt.Call c = (Stmt.Call) st;
                int idArg = ((Event.ThreadCreate) ((CallTarget.Library) program.target(c)).model().event()).idArg();
                if (c.result() != null && !(c.result() instanceof Lvalue.Var)) return false;
                java.util.Set<Variable> taken = new java.util.HashSet<>();
                weft.ir.AddressScan.expr(c.callee(), taken);
                for (int i = 0; i < c.args().size(); i++) if (i != idArg) weft.ir.AddressScan.expr(c.args().get(i), taken);
                if (taken.contains(id)) return false;
            } else {
                java.util.Set<Variable> taken = new java.util.HashSet<>();
                weft.ir.AddressScan.stmt(st, taken);
                if (taken.contains(id)) return false;
            }
        }
        return true;
    }

    /** The variable argument {@code i} loads ({@code v}, through conversions), or null. */
    private static Variable loaded(List<Expr> args, int i) {
        return i < 0 || i >= args.size() ? null : Expr.loadedVariable(args.get(i));
    }

    /** The variable argument {@code i} takes the address of ({@code &v}, through conversions), or null. */
    private static Variable addressOf(List<Expr> args, int i) {
        return i >= 0 && i < args.size() && Expr.stripCasts(args.get(i)) instanceof Expr.AddrOf ad && ad.lvalue() instanceof Lvalue.Var v
                ? v.variable() : null;
    }
}
