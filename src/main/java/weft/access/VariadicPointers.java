package weft.access;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.PrintfFormat;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The variadic pointers of a library call ({@link Event.MemAccess}): where the pointers among the variadic
 * arguments a {@code va_list} argument stands for may point, and whether the call writes through its variadic
 * pointers (a {@code scanf}, or a {@code printf} whose format may hold {@code %n}).
 *
 * <p>A {@code va_list} set by {@code va_start} or {@code va_copy} points to the variadic-arguments object
 * ({@code weft.model.VaListBuiltins}), which holds every variadic argument of every call of the program's
 * variadic functions; the pointers stored there are what {@code vprintf}'s {@code %s} reads and {@code vscanf}
 * writes. A {@code va_list} of any other origin (external code) points where the points-to analysis says, and
 * what is stored there is read the same way: sound because the points-to sets over-approximate every stored
 * pointer.
 */
public final class VariadicPointers {
    private VariadicPointers() {
    }

    /**
     * Where the pointers among the variadic arguments {@code vaList} (a {@code va_list} argument) stands for may
     * point: what is stored where it points, and, when that is a variadic-arguments object itself (a
     * {@code va_list} given by its address, or an array one decayed to a pointer), what is stored there too.
     */
    public static Set<Loc> ofVaList(Program program, PointsTo pts, String function, Expr vaList) {
        Set<Loc> out = new LinkedHashSet<>();
        for (Loc list : pts.eval(function, vaList)) {
            if (list.object() instanceof MemObject.Fn) continue;
            for (Loc l : pts.contents(new Loc(list.object(), Loc.ANY))) {
                out.add(l);
                if (l.object() instanceof MemObject.Var args && weft.ir.VaLists.isArgumentsObject(program, args.variable())) {
                    out.addAll(pts.contents(new Loc(args, Loc.ANY)));
                }
            }
        }
        return out;
    }

    /** Whether call {@code c} of a library function with event {@code m} writes through its variadic pointers. */
    public static boolean writes(Program program, PointsTo pts, String function, Stmt.Call c, Event.MemAccess m) {
        Set<Integer> w = written(program, pts, function, c, m);
        return w == null || !w.isEmpty();
    }

    /**
     * The variadic arguments (0: the first) call {@code c} writes through: null for all of them ({@code scanf}, a
     * format that is not a literal), else those the {@code %n} conversions of every literal its format may be consume
     * ({@link PrintfFormat#writtenArguments}).
     */
    public static Set<Integer> written(Program program, PointsTo pts, String function, Stmt.Call c, Event.MemAccess m) {
        if (m.varargsWrite()) return null;
        if (m.format() < 0) return Set.of();
        if (m.format() >= c.args().size()) return null;
        Set<Integer> out = new java.util.TreeSet<>();
        for (Loc l : pts.eval(function, c.args().get(m.format()))) {
            if (!(l.object() instanceof MemObject.Var v) || v.variable().kind() != Variable.Kind.STRING) return null;
            Set<Integer> w = PrintfFormat.writtenArguments(program.stringText(v.variable()));
            if (w == null) return null;
            out.addAll(w);
        }
        return out;
    }

    /**
     * {@link #writes} without a points-to analysis: only a format written as a string literal at the call is
     * known to hold no {@code %n}.
     */
    public static boolean writes(Program program, List<Expr> args, Event.MemAccess m) {
        if (m.varargsWrite()) return true;
        if (m.format() < 0) return false;
        if (m.format() >= args.size()) return true;
        Expr e = args.get(m.format());
        while (e instanceof Expr.Cast cast) e = cast.operand();
        if (e instanceof Expr.AddrOf a && a.lvalue() instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var v
                && v.variable().kind() == Variable.Kind.STRING) {
            return PrintfFormat.mayWrite(program.stringText(v.variable()));
        }
        return true;
    }
}
