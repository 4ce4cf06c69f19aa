package weft.thread;

import weft.access.SymbolicBase;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;

import java.util.Set;

/**
 * How an access uses an instance key: as the index into a named array ({@code throughPointer}: into
 * the array a named pointer variable points to), or as the pointer it goes through.
 */
public record InstanceAccess(Variable arrayOrNull, long elementSize, boolean throughPointer) {
    public InstanceAccess(Variable arrayOrNull, long elementSize) {
        this(arrayOrNull, elementSize, false);
    }

    /** The key use of {@code lv} given the routine's key variables, or null. */
    public static InstanceAccess of(Lvalue lv, Set<Variable> keys, InstanceKeys.Kind kind) {
        if (kind == InstanceKeys.Kind.VALUE) {
            // g[k] (possibly .f or .f[i] inside the element): a different element per instance.
            lv = element(lv);
            if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var arr && isKey(ix.index(), keys)) {
                return new InstanceAccess(arr.variable(), Math.max(1, ix.type().size()));
            }
            // g[k] with g a pointer variable: *(g + k); the same element only while g is the same
            if (lv instanceof Lvalue.Deref d && Expr.stripCasts(d.pointer()) instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD
                    && Expr.stripCasts(b.left()) instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var g && g.variable().isStatic()
                    && g.variable().type().isPointer() && isKey(b.right(), keys) && d.type().size() > 0) {
                return new InstanceAccess(g.variable(), d.type().size(), true);
            }
            return null;
        }
        SymbolicBase b = SymbolicBase.within(lv);
        if (b != null && b.array() == null && keys.contains(b.base()) && b.bytes(Math.max(1, lv.type().size())) != null) {
            return new InstanceAccess(null, b.pointee().size());
        }
        return null;
    }

    /**
     * The key use of a library access through pointer argument {@code pointer} ({@code free(k)}, {@code
     * memset(k, ...)}) with instance keys of kind POINTER: it may touch any byte of the object {@code k}
     * points into, so its element is the whole object ({@link Long#MAX_VALUE}), which only a key that is
     * the instance's own allocated object covers; null if the pointer is not a key.
     */
    public static InstanceAccess ofPointer(Expr pointer, Set<Variable> keys, InstanceKeys.Kind kind) {
        if (kind != InstanceKeys.Kind.POINTER || pointer == null) return null;
        Expr p = Expr.stripCasts(pointer);
        return p instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && keys.contains(v.variable())
                ? new InstanceAccess(null, Long.MAX_VALUE) : null;
    }


    /**
     * The element an access within it selects: {@code g[k]} for {@code g[k].f}, {@code g[k].f[i]}, {@code g[k][i]}
     * (in bounds: an index past an inner array's end is undefined behaviour).
     */
    public static Lvalue element(Lvalue lv) {
        while (lv instanceof Lvalue.Field || lv instanceof Lvalue.Index ix && (ix.base() instanceof Lvalue.Field || ix.base() instanceof Lvalue.Index)) {
            lv = lv instanceof Lvalue.Field f ? f.base() : ((Lvalue.Index) lv).base();
        }
        return lv;
    }

    private static boolean isKey(Expr e, Set<Variable> keys) {
        Variable v = Expr.loadedVariable(e);
        return v != null && keys.contains(v);
    }
}
