package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Library functions whose result is computed from their arguments alone: {@code div}, {@code ldiv}, {@code lldiv}
 * ({@link Semantics.Divide}: C's truncating division, the struct of quotient and remainder as the result),
 * {@code strxfrm} in the C locale ({@link Semantics.TransformString}) and, by the installed C library itself so that
 * the answer is glibc's to the bit ({@link Semantics.InstalledString}), {@code strverscmp} and {@code inet_network}.
 * The strings read are the call's accesses (up to and including their terminators), {@code strxfrm}'s copy its write.
 */
final class ComputedCalls {
    private ComputedCalls() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.Divide || s instanceof Semantics.TransformString || s instanceof Semantics.InstalledString;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.Divide d) {
            if (!(LibraryBehaviour.arg(args, d.a()) instanceof Value.Int a) || !(LibraryBehaviour.arg(args, d.b()) instanceof Value.Int b)) {
                throw Abandon.unsupported(name + " of an unknown number");
            }
            int bytes = d.bytes() == 0 ? st.dm.longSize : d.bytes();
            long x = IntConversions.truncate(a.v(), bytes, true), y = IntConversions.truncate(b.v(), bytes, true);
            long min = bytes == 8 ? Long.MIN_VALUE : -(1L << (8 * bytes - 1));
            if (y == 0 || x == min && y == -1) throw Abandon.unsupported(name + ": undefined division");
            byte[] out = new byte[2 * bytes];
            long q = x / y, r = x % y;
            for (int i = 0; i < bytes; i++) {
                out[i] = (byte) (q >>> (8 * i));
                out[bytes + i] = (byte) (r >>> (8 * i));
            }
            return in.finishCall(t, c, e, new Value.Agg(out, new java.util.TreeMap<>(), null), call.result() == null ? null : call.result().type());
        }
        if (sem instanceof Semantics.TransformString x) {
            Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, x.src()), name);
            long n = lib.strlen(src);
            long count = LibraryFunctions.count(LibraryBehaviour.arg(args, x.count()));
            long copied = Math.min(n + 1, count);
            lib.access(c, src, n + 1, false, call, name);
            if (copied > 0) {
                Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, x.dest()), name);
                lib.access(c, dest, copied, true, call, name);
                if (dest.obj() == src.obj() && dest.off() < src.off() + n + 1 && src.off() < dest.off() + copied) {
                    throw Abandon.unsupported(name + " between overlapping strings (undefined)");
                }
                if (!c.dry) st.mem.copy(dest.obj(), dest.off(), src.obj(), src.off(), copied);
            }
            return in.finishCall(t, c, e, Value.of(n), null);
        }
        Semantics.InstalledString s = (Semantics.InstalledString) sem;
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        Value.Ptr a = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.a()), name);
        byte[] first = text(st, lib, c, call, name, a);
        switch (s.op()) {
            case "strverscmp" -> {
                byte[] second = text(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name));
                int r = libc.versionCompare(first, second);
                return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
            }
            case "inet_network" -> {
                return in.finishCall(t, c, e, Value.of(libc.networkNumber(first) & 0xffffffffL), null);
            }
            default -> throw Abandon.unsupported(name + ": installed operation " + s.op());
        }
    }

    /** The string at {@code p}, read whole (its terminator included) as the call's access. */
    private static byte[] text(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p) {
        long n = lib.strlen(p);
        lib.access(c, p, n + 1, false, call, name);
        return st.mem.readBytes(p.obj(), p.off(), (int) n);
    }
}
