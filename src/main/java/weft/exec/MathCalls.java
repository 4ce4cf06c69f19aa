package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Calls of the math library ({@link Semantics.MathCall}) run by the installed libm ({@link weft.installed.MathLibrary}):
 * the value and the {@code errno} the program linked with {@code -lm} gets on this machine.
 *
 * <p>Soundness (proofs) and must-soundness (witnesses): the function is pure but for {@code errno}, which is set to what
 * libm set (a domain or range error; the thread's own object, no race); its arguments must be known numbers (a pointer
 * or an unknown value stops the run, as does a machine without libm). The reproducer runs the same calls for real.
 * No memory is accessed (libc.tsv: no effect).
 */
final class MathCalls {
    private static final CType.Float DOUBLE = new CType.Float("double", 8, 8);
    private static final CType.Float FLOAT = new CType.Float("float", 4, 4);

    private MathCalls() {
    }

    /** gcc's NaN and infinity builtins; a NaN's payload string must be empty (another payload's bits are not computed). */
    static boolean constant(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.FloatConstant k, List<Value> args) {
        if (k.nan()) {
            Value p = LibraryBehaviour.arg(args, 0);
            if (!(p instanceof Value.Ptr s) || in.st.mem.readByte(s.obj(), s.off()) != 0) throw Abandon.unsupported(name + " with a payload");
        }
        double v = k.nan() ? Double.NaN : Double.POSITIVE_INFINITY;
        return in.finishCall(t, c, e, new Value.Flt(v), k.single() ? FLOAT : DOUBLE);
    }

    /** gcc's classification builtins, exactly (no library call: gcc expands them inline). */
    static boolean classify(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.FloatClass k, List<Value> args) {
        double d = number(LibraryBehaviour.arg(args, k.arg()), name);
        long r = switch (k.test()) {
            case "nan" -> Double.isNaN(d) ? 1 : 0;
            case "inf" -> Double.isInfinite(d) ? 1 : 0;
            case "inf-sign" -> Double.isInfinite(d) ? (d > 0 ? 1 : -1) : 0;
            case "finite" -> Double.isFinite(d) ? 1 : 0;
            case "signbit" -> (Double.doubleToRawLongBits(d) < 0) ? 1 : 0;
            default -> throw new IllegalStateException(k.test());
        };
        return in.finishCall(t, c, e, Value.of(r), weft.ir.IntConversions.INT);
    }

    static boolean run(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.MathCall m, List<Value> args) {
        if (m.signgam()) {
            weft.ir.Variable sg = in.st.program.globalNamed("signgam");
            if (sg != null && in.st.program.names(sg)) throw Abandon.unsupported(name + " sets signgam, which the program reads (not modelled)");
        }
        if (m.extended()) return extended(in, t, c, e, name, m, args);
        Object[] a = new Object[m.args()];
        for (int i = 0; i < m.args(); i++) {
            Value v = LibraryBehaviour.arg(args, i);
            if (i == m.intArg()) {
                if (!(v instanceof Value.Int n) || n.v() < Integer.MIN_VALUE || n.v() > Integer.MAX_VALUE) throw Abandon.unsupported(name + " of " + v);
                a[i] = (int) n.v();
                continue;
            }
            double d = number(v, name);
            a[i] = m.single() ? (Object) (float) d : (Object) d;
        }
        weft.installed.MathLibrary libm = weft.installed.MathLibrary.installed()
                .orElseThrow(() -> Abandon.unsupported(name + ": no installed math library"));
        weft.installed.MathLibrary.Result r = libm.call(name, a, m.single())
                .orElseThrow(() -> Abandon.unsupported(name + ": not in the installed math library"));
        if (r.errno() != 0 && !c.dry) in.st.setErrno(t, r.errno());
        return in.finishCall(t, c, e, new Value.Flt(r.value()), m.single() ? FLOAT : DOUBLE);
    }

    /**
     * A long double function of the math library ({@code lgammal}, the only one the tables have) where its value is a
     * long double the interpreter holds, one a double holds (weft.exec.state.Extended): glibc's {@code lgammal} (ldbl-96
     * e_lgammal_r.c and its wrapper) gives a NaN back, +inf for an infinity, +0 at 1 and 2 (purged before any
     * arithmetic), and at a pole (0 and the negative integers) +inf with {@code ERANGE}; any other argument stops the run
     * (its logarithm is no double). The argument, a long double the program holds, is exactly a double.
     */
    private static boolean extended(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.MathCall m, List<Value> args) {
        if (m.args() != 1) throw new IllegalStateException(name);
        double x = number(LibraryBehaviour.arg(args, 0), name);
        double r;
        boolean pole = false;
        if (Double.isNaN(x)) r = x;
        else if (Double.isInfinite(x)) r = Double.POSITIVE_INFINITY;
        else if (x == 1 || x == 2) r = 0;
        else if (x <= 0 && x == Math.floor(x)) {
            r = Double.POSITIVE_INFINITY;
            pole = true;
        } else throw Abandon.unsupported(name + " of " + x + ": its value is no double (no other long double is held)");
        if (pole && !c.dry) in.st.setErrno(t, Errno.ERANGE);
        return in.finishCall(t, c, e, new Value.Flt(r), new CType.Float("long double", in.st.dm.longDoubleSize, in.st.dm.longDoubleAlign));
    }

    /**
     * {@code frexp} and {@code modf} ({@link Semantics.MathWithOutput}): the installed libm's value and what it stores
     * through the pointer argument (an {@code int} exponent, a {@code double} integral part), written there: the
     * call's one access of the program's memory (libc.tsv: {@code w1}).
     */
    static boolean withOutput(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                              Semantics.MathWithOutput m, List<Value> args) {
        double x = number(LibraryBehaviour.arg(args, 0), name);
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, m.out()), name);
        CType type = m.intOutput() ? weft.ir.IntConversions.INT : DOUBLE;
        lib.access(c, out, type.size(), true, call, name);
        weft.installed.MathLibrary libm = weft.installed.MathLibrary.installed()
                .orElseThrow(() -> Abandon.unsupported(name + ": no installed math library"));
        weft.installed.MathLibrary.OutputResult r = libm.callWithOutput(name, x, (int) type.size())
                .orElseThrow(() -> Abandon.unsupported(name + ": not in the installed math library"));
        if (!c.dry) {
            Value stored = m.intOutput() ? Value.of((int) r.output()) : new Value.Flt(Double.longBitsToDouble(r.output()));
            in.st.mem.write(out.obj(), out.off(), type, stored);
        }
        return in.finishCall(t, c, e, new Value.Flt(r.value()), DOUBLE);
    }

    /** A known number argument as a double (an integer converted as C converts it to double); else the run stops. */
    private static double number(Value v, String name) {
        if (v instanceof Value.Flt f) return f.v();
        if (v instanceof Value.Int n) return n.v();
        throw Abandon.unsupported(name + " of " + v);
    }
}
