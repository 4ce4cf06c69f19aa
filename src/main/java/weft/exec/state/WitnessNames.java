package weft.exec.state;

import weft.ir.Expr;
import weft.ir.Lvalue;

import java.util.regex.Pattern;

/**
 * The C text of an IR lvalue, for a witness to state the value an indeterminate object held where it was read
 * ({@code weft.exec.ExecState#materialise}): a variable, its named members ({@code s.y}; an anonymous member is skipped, as C
 * names through it), elements at constant indices ({@code copy[2]}), and what a pointer variable points to at a constant
 * offset ({@code p[0]}, {@code p[1]}, {@code p[0].f}). Anything else (lowering temporaries, computed indices or pointers)
 * has no text: null, and the witness then states no value there (its replay may not reach the race; never a wrong one).
 */
public final class WitnessNames {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z_0-9]*|_[A-Za-z0-9][A-Za-z_0-9]*");

    private WitnessNames() {}

    /** The C text of {@code lv}, or null. */
    public static String of(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return name(v.variable().name());
        if (lv instanceof Lvalue.Field f) {
            String member = f.field().name();
            String base = of(f.base());
            if (base == null) return null;
            return member == null || member.isEmpty() ? base : base + "." + member;
        }
        if (lv instanceof Lvalue.Index ix && ix.index() instanceof Expr.IntConst k) {
            String base = of(ix.base());
            return base == null ? null : base + "[" + k.value() + "]";
        }
        if (lv instanceof Lvalue.Deref d) return pointer(d.pointer(), 0);
        return null;
    }

    /**
     * The C text of the {@code n}-byte storage unit of a bit-field at byte {@code offset} of {@code base}, read as an
     * unsigned integer ({@code *(unsigned char *)&f}), when the unit starts the object; else null.
     */
    public static String unit(Lvalue base, long offset, int n) {
        String b = of(base);
        String type = switch (n) {
            case 1 -> "unsigned char";
            case 2 -> "unsigned short";
            case 4 -> "unsigned int";
            case 8 -> "unsigned long";
            default -> null;
        };
        return b == null || type == null || offset != 0 ? null : "*(" + type + " *)&" + b;
    }

    /** {@code p[k]} for a pointer variable {@code p} plus constants, or null. */
    private static String pointer(Expr e, long k) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD && b.right() instanceof Expr.IntConst c) return pointer(b.left(), k + c.value());
        String p = pointerName(e);
        return p == null ? null : p + "[" + k + "]";
    }

    private static String pointerName(Expr e) {
        if (e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v) return name(v.variable().name());
        return null;
    }

    /** A program variable's name; lowering temporaries ({@code __t0}) and renamed locals have none. */
    private static String name(String n) {
        return n != null && !n.startsWith("__") && IDENTIFIER.matcher(n).matches() ? n : null;
    }
}
