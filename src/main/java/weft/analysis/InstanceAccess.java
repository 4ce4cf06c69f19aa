package weft.analysis;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;

import java.util.Set;

/** How an access uses an instance key: as the index into a named array, or as the pointer it goes through. */
public record InstanceAccess(Variable arrayOrNull, long elementSize) {

    /** The key use of {@code lv} given the routine's key variables, or null. */
    public static InstanceAccess of(Lvalue lv, Set<Variable> keys, InstanceKeys.Kind kind) {
        if (kind == InstanceKeys.Kind.VALUE) {
            // g[k] (possibly .f inside the element): a different element per instance.
            while (lv instanceof Lvalue.Field f) lv = f.base();
            if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var arr && isKey(ix.index(), keys)) {
                return new InstanceAccess(arr.variable(), Math.max(1, ix.type().size()));
            }
            return null;
        }
        SymbolicBase b = SymbolicBase.of(lv);
        if (b != null && keys.contains(b.base()) && b.pointee().size() > 0
                && b.offset() >= 0 && b.offset() + Math.max(1, lv.type().size()) <= b.pointee().size()) {
            return new InstanceAccess(null, b.pointee().size());
        }
        return null;
    }

    private static boolean isKey(Expr e, Set<Variable> keys) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && keys.contains(v.variable());
    }
}
