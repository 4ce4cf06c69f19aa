package weft.bounded.seq;

import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The joins whose thread id certainly names a started thread slot: the id is read from a variable that, on every path
 * from its function's entry to the join, a thread create has written (D19). For these the sequentialised join may
 * assume the id names a slot and wait for it to end, which is exact; any other join is undefined when the id names
 * no started thread (an uninitialised {@code pthread_t}, a join before the create: glibc returns an error or crashes
 * and the caller may go on), so {@link LibraryCalls} guards it with a cut-off instead.
 *
 * <p>Soundness: a variable is a candidate only if every place in the program that may change it is the id argument
 * of a thread create, seen as {@code &v} in a direct call of a create: its address appears nowhere else (so no store
 * through a pointer, library write or other thread can reach it), no assignment or call result names it or a part of
 * it, and no inline assembly is in the program (it may write anything). A create's id write stores a started slot's
 * index (a create beyond the bound is a cut-off), so once a create into {@code v} has run, {@code v} holds some started
 * slot until its next write, which is again a create's. The must-analysis is a forward intersection over the
 * function's CFG from the empty set at its entry; a declaration of {@code v} (its lifetime begins again, also in a
 * loop) removes it. Only a join whose id expression is a load of a candidate in the set (casts aside) is accepted;
 * everything else (arrays of ids, ids in structures, joins in another function than the create) keeps the cut-off,
 * which loses proofs, never races.
 */
final class CreatedIds {
    private final Program program;
    /** Variables some statement may change other than as a create's id argument. */
    private final Set<Variable> changedOtherwise = new HashSet<>();
    private final boolean assembly;
    private final Map<Function, Set<Stmt>> accepted = new HashMap<>();

    CreatedIds(Program program) {
        this.program = program;
        boolean asm = false;
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Asm) asm = true;
                scan(s);
            }
        }
        this.assembly = asm;
    }

    /** Whether the id of {@code join}, a thread-join call in {@code f}, certainly names a started slot. */
    boolean started(Function f, Stmt.Call join) {
        if (assembly) return false;
        return accepted.computeIfAbsent(f, this::analyse).contains(join);
    }

    private void scan(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            changed(a.lhs());
            lvalueAddresses(a.lhs());
            addressTaken(a.rhs());
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) changed(c.result());
            int id = createIdArg(c);
            for (int i = 0; i < c.args().size(); i++) {
                Expr x = c.args().get(i);
                if (i == id && createdVar(x) != null) continue;
                addressTaken(x);
            }
            addressTaken(c.callee());
            if (c.result() != null) lvalueAddresses(c.result());
        } else if (s instanceof Stmt.Assume a) {
            addressTaken(a.cond());
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            addressTaken(r.value());
        } else if (s instanceof Stmt.Decl d && d.size() != null) {
            addressTaken(d.size());
        }
    }

    private void changed(Lvalue lv) {
        Variable v = root(lv);
        if (v != null) changedOtherwise.add(v);
    }

    private void addressTaken(Expr e) {
        weft.ir.AddressScan.expr(e, changedOtherwise);
    }

    private void lvalueAddresses(Lvalue lv) {
        if (lv instanceof Lvalue.Field fl) lvalueAddresses(fl.base());
        else if (lv instanceof Lvalue.Index ix) {
            lvalueAddresses(ix.base());
            addressTaken(ix.index());
        } else if (lv instanceof Lvalue.Deref d) addressTaken(d.pointer());
    }

    private static Variable root(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return v.variable();
        if (lv instanceof Lvalue.Field fl) return root(fl.base());
        if (lv instanceof Lvalue.Index ix) return root(ix.base());
        return null;
    }

    /** The id argument's index if {@code c} directly calls a thread create, else -1. */
    private int createIdArg(Stmt.Call c) {
        return event(c) instanceof Event.ThreadCreate tc ? tc.idArg() : -1;
    }

    /** The id argument's index if {@code c} directly calls a thread join, else -1. */
    private int joinIdArg(Stmt.Call c) {
        return event(c) instanceof Event.ThreadJoin j ? j.idArg() : -1;
    }

    /** The library event of a direct call (casts of the callee aside), or null. */
    private Event event(Stmt.Call c) {
        Expr callee = c.callee();
        while (callee instanceof Expr.Cast k) callee = k.operand();
        if (!(callee instanceof Expr.FuncRef fr)) return null;
        return program.target(new Stmt.Call(c.result(), fr, c.args(), c.loc())) instanceof CallTarget.Library l ? l.model().event() : null;
    }

    private static Variable createdVar(Expr x) {
        while (x instanceof Expr.Cast k) x = k.operand();
        return x instanceof Expr.AddrOf a && a.lvalue() instanceof Lvalue.Var v ? v.variable() : null;
    }

    private Set<Stmt> analyse(Function f) {
        Cfg cfg = f.cfg();
        List<Set<Variable>> in = new ArrayList<>(Collections.nCopies(cfg.nodeCount(), (Set<Variable>) null));
        in.set(cfg.entry(), Set.of());
        Deque<Integer> work = new ArrayDeque<>(List.of(cfg.entry()));
        while (!work.isEmpty()) {
            int n = work.poll();
            for (Edge e : cfg.out(n)) {
                Set<Variable> out = transfer(e.stmt(), in.get(n));
                Set<Variable> old = in.get(e.to());
                Set<Variable> joined = old == null ? out : intersect(old, out);
                if (old == null || !joined.equals(old)) {
                    in.set(e.to(), joined);
                    work.add(e.to());
                }
            }
        }
        Set<Stmt> ok = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Edge e : cfg.edges()) {
            if (!(e.stmt() instanceof Stmt.Call c) || in.get(e.from()) == null) continue;
            int id = joinIdArg(c);
            if (id < 0 || id >= c.args().size()) continue;
            Expr x = c.args().get(id);
            while (x instanceof Expr.Cast k) x = k.operand();
            if (x instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && in.get(e.from()).contains(v.variable())) ok.add(c);
        }
        return ok;
    }

    private Set<Variable> transfer(Stmt s, Set<Variable> created) {
        if (s instanceof Stmt.Decl d && created.contains(d.variable())) {
            Set<Variable> r = new HashSet<>(created);
            r.remove(d.variable());
            return r;
        }
        if (s instanceof Stmt.Call c) {
            int id = createIdArg(c);
            if (id >= 0 && id < c.args().size()) {
                Variable v = createdVar(c.args().get(id));
                if (v != null && !changedOtherwise.contains(v) && !created.contains(v)) {
                    Set<Variable> r = new HashSet<>(created);
                    r.add(v);
                    return r;
                }
            }
        }
        return created;
    }

    private static Set<Variable> intersect(Set<Variable> a, Set<Variable> b) {
        Set<Variable> r = new HashSet<>(a);
        r.retainAll(b);
        return r;
    }
}
