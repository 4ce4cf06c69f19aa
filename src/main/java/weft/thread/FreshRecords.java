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

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Locals that hold, on every path, an object {@code malloc} or {@code calloc} returned since the function's last thread
 * creation: a per-thread record allocated in each iteration of a create loop (then perhaps stored in an array of
 * records, as real programs keep them). Each execution of a create statement given such a local passes an object no
 * earlier execution passed.
 *
 * <p>A must dataflow (sets of locals, meet = intersection, entry = empty): an allocation's result and copies of it join,
 * any other assignment of the local leaves, and every thread creation of the function empties the set (what it was
 * given is no longer fresh). Only locals and temporaries whose address is never taken are tracked, so only
 * assignments naming them change them. Storing the pointer elsewhere does not matter: what is claimed is only that
 * the value differs from every value an earlier create of the function was given while it lives (memory freed may
 * come back from the allocator, but then only after the earlier object's lifetime ended).
 */
public final class FreshRecords {
    private final Program program;
    private final AddressTaken addressTaken;
    private final Map<String, List<Set<Variable>>> solutions = new ConcurrentHashMap<>();

    public FreshRecords(Program program, AddressTaken addressTaken) {
        this.program = program;
        this.addressTaken = addressTaken;
    }

    /** Whether {@code arg} (casts aside) is a local of {@code f} holding such an allocation whenever {@code e} runs. */
    public boolean atEdge(Function f, Edge e, Expr arg) {
        if (!(Expr.stripCasts(arg) instanceof Expr.Load l) || !(l.lvalue() instanceof Lvalue.Var tv) || !local(f, tv.variable())) return false;
        Set<Variable> at = solutions.computeIfAbsent(f.linkName(), k -> solve(f)).get(e.from());
        return at != null && at.contains(tv.variable());
    }

    private List<Set<Variable>> solve(Function f) {
        return MustFlow.solve(f, Set.of(), (x, cur) -> step(f, x, cur), MustFlow::intersect);
    }

    private Set<Variable> step(Function f, Edge x, Set<Variable> cur) {
        Stmt st = x.stmt();
        if (st instanceof Stmt.Asm) return Set.of();
        if (st instanceof Stmt.Call c) {
            Event ev = program.target(c) instanceof CallTarget.Library lib ? lib.model().event() : null;
            if (ev instanceof Event.ThreadCreate) return Set.of();
            Set<Variable> out = new HashSet<>(cur);
            if (c.result() instanceof Lvalue.Var v) {
                out.remove(v.variable());
                if (ev instanceof Event.Alloc a && (a.kind() == Event.AllocKind.MALLOC || a.kind() == Event.AllocKind.CALLOC)
                        && local(f, v.variable())) {
                    out.add(v.variable());
                }
            }
            return out;
        }
        Lvalue lhs = st instanceof Stmt.Assign a ? a.lhs() : st instanceof Stmt.Decl d ? new Lvalue.Var(d.variable()) : null;
        if (!(lhs instanceof Lvalue.Var v) || !cur.contains(v.variable()) && !(st instanceof Stmt.Assign)) return cur;
        Set<Variable> out = new HashSet<>(cur);
        out.remove(v.variable());
        if (st instanceof Stmt.Assign a && Expr.stripCasts(a.rhs()) instanceof Expr.Load src && src.lvalue() instanceof Lvalue.Var sv
                && cur.contains(sv.variable()) && local(f, v.variable())) {
            out.add(v.variable());
        }
        return out;
    }

    /** A local or temporary of {@code f} only assignments naming it change. */
    boolean local(Function f, Variable v) {
        return (v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.TEMP) && !v.isStatic() && !addressTaken.in(f, v);
    }

}
