package weft.explore;

import weft.exec.Interpreter;
import weft.exec.state.Liveness;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.LibraryModels;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Statements that are local steps by their syntax alone, so that {@link StateSpace} can perform them without
 * planning them first: they only read and write <em>tracked</em> variables of their function (see {@link Liveness}),
 * whose objects no pointer reaches and which only their own activation, hence only their own thread, names.
 *
 * <p>An edge is syntactically local when its statement is a skip, a harmless fence, a declaration of a tracked
 * variable, a branch or an assignment whose expressions load only tracked variables (no dereference, no address,
 * no global, no {@code _Atomic} object) and whose target is a tracked variable, or a direct call of a defined
 * non-atomic function with such arguments (its parameters are fresh objects) and a tracked result variable or none.
 * Returns are not: whether one is local depends on the objects the activation owns and on the caller. When it is
 * performed, none of the variables it reads may hold a pointer ({@link #variablesRead}): arithmetic and comparisons
 * on pointers look at the liveness of the objects they point to, which other threads can change.
 */
final class LocalEdges {
    private final Program program;
    private final Map<Function, Liveness> liveness;
    private static final int[] NOT_LOCAL = new int[0];
    private final Map<Edge, int[]> cache = new IdentityHashMap<>();

    LocalEdges(Program program, Map<Function, Liveness> liveness) {
        this.program = program;
        this.liveness = liveness;
    }

    /** The variables edge {@code e} of function {@code fn} reads when it is syntactically local, else null. */
    int[] variablesRead(Function fn, Edge e) {
        int[] r = cache.get(e);
        if (r == null) {
            Liveness live = liveness.computeIfAbsent(fn, Liveness::of);
            r = classify(live, e.stmt()) ? reads(e.stmt()) : NOT_LOCAL;
            cache.put(e, r);
        }
        return r == NOT_LOCAL ? null : r;
    }

    private static int[] reads(Stmt st) {
        java.util.List<Integer> ids = new java.util.ArrayList<>(4);
        if (st instanceof Stmt.Assume a) collect(a.cond(), ids);
        if (st instanceof Stmt.Assign a) collect(a.rhs(), ids);
        if (st instanceof Stmt.Call c) for (Expr a : c.args()) collect(a, ids);
        return ids.stream().mapToInt(Integer::intValue).distinct().toArray();
    }

    private static void collect(Expr e, java.util.List<Integer> ids) {
        if (e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v) ids.add(v.variable().id());
        if (e instanceof Expr.Unary u) collect(u.operand(), ids);
        if (e instanceof Expr.Binary b) {
            collect(b.left(), ids);
            collect(b.right(), ids);
        }
        if (e instanceof Expr.Cast c) collect(c.operand(), ids);
    }

    private boolean classify(Liveness live, Stmt st) {
        if (st instanceof Stmt.Skip) return true;
        if (st instanceof Stmt.Asm a) return Interpreter.harmlessAsm(a.text());
        if (st instanceof Stmt.Decl d) return live.tracked(d.variable().id()) && d.variable().type().size() >= 0;
        if (st instanceof Stmt.Assume a) return expr(live, a.cond());
        if (st instanceof Stmt.Assign a) return target(live, a.lhs()) && expr(live, a.rhs());
        if (st instanceof Stmt.Call c) {
            if (!(program.target(c) instanceof CallTarget.User u) || LibraryModels.isAtomicFunction(u.function().name())) return false;
            if (c.result() != null && !target(live, c.result())) return false;
            for (Expr a : c.args()) if (!expr(live, a)) return false;
            return true;
        }
        return false;
    }

    private static boolean target(Liveness live, Lvalue lv) {
        return lv instanceof Lvalue.Var v && live.tracked(v.variable().id()) && !v.type().isAtomic();
    }

    private static boolean expr(Liveness live, Expr e) {
        if (e instanceof Expr.IntConst || e instanceof Expr.FloatConst || e instanceof Expr.FuncRef) return true;
        if (e instanceof Expr.Load l) return target(live, l.lvalue());
        if (e instanceof Expr.Unary u) return expr(live, u.operand());
        if (e instanceof Expr.Binary b) return expr(live, b.left()) && expr(live, b.right());
        if (e instanceof Expr.Cast c) return expr(live, c.operand());
        return false;
    }
}
