package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The wide-character string functions ({@link Semantics.WideString}: {@code wcslen}, {@code wcscpy}, {@code wcsncpy},
 * {@code wcscmp}, {@code wcschr}, {@code wmemcpy}, {@code wmemset}, {@code wcsdup}) as glibc computes them on Linux,
 * where {@code wchar_t} is a 4-byte signed int in both data models: lengths and copies count 4-byte units up to a
 * zero one, {@code wcscmp} compares units as {@code wchar_t} values and returns -1, 0 or 1 (glibc's {@code wcscmp.c}),
 * {@code wcsncpy} pads with zero units to its count, {@code wcsdup} copies into a new heap block (it succeeds, as
 * {@code malloc} does for the layers). The bytes read and written are the call's accesses: a string up to and including
 * its terminator, a copy's destination as far as it is written, {@code wcschr} as far as it looks. A unit holding a
 * pointer, an unknown unit, or a copy between overlapping units (undefined) stops the execution.
 */
final class WideStrings {
    private WideStrings() {
    }

    /** Linux's {@code wchar_t}. */
    static final int UNIT = 4;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.WideString w, List<Value> args) {
        ExecState st = in.st;
        switch (w.op()) {
            case "length": {
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                long n = length(st, s, -1, name);
                lib.access(c, s, (n + 1) * UNIT, false, call, name);
                return in.finishCall(t, c, e, Value.of(n), null);
            }
            case "compare": {
                Value.Ptr a = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                Value.Ptr b = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.b()), name);
                long i = 0;
                int r;
                while (true) {
                    int x = unit(st, a, i, name), y = unit(st, b, i, name);
                    if (x != y) {
                        r = x < y ? -1 : 1;
                        break;
                    }
                    if (x == 0) {
                        r = 0;
                        break;
                    }
                    i++;
                }
                lib.access(c, a, (i + 1) * UNIT, false, call, name);
                lib.access(c, b, (i + 1) * UNIT, false, call, name);
                return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
            }
            case "find": {
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                if (!(LibraryBehaviour.arg(args, w.b()) instanceof Value.Int ch)) throw Abandon.unsupported(name + " of an unknown character");
                int wanted = (int) ch.v();
                long i = 0;
                while (true) {
                    int x = unit(st, s, i, name);
                    if (x == wanted) break;
                    if (x == 0) {
                        i = -1 - i;
                        break;
                    }
                    i++;
                }
                long looked = i >= 0 ? i + 1 : -i;
                lib.access(c, s, looked * UNIT, false, call, name);
                return in.finishCall(t, c, e, i >= 0 ? s.at(s.off() + i * UNIT) : Value.ZERO, null);
            }
            case "copy": {
                Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.b()), name);
                long count = w.count() >= 0 ? count(args, w.count(), name) : -1;
                long n = length(st, s, count, name);
                long read = count >= 0 ? Math.min(count, n + 1) : n + 1;
                long written = count >= 0 ? count : n + 1;
                lib.access(c, s, read * UNIT, false, call, name);
                lib.access(c, d, written * UNIT, true, call, name);
                if (overlap(d, written, s, read)) throw Abandon.unsupported(name + " between overlapping strings");
                if (!c.dry) {
                    byte[] b = new byte[(int) (written * UNIT)];
                    System.arraycopy(st.mem.readBytes(s.obj(), s.off(), (int) (Math.min(read, n) * UNIT)), 0, b, 0, (int) (Math.min(read, n) * UNIT));
                    st.mem.writeBytes(d.obj(), d.off(), b);
                }
                return in.finishCall(t, c, e, d, null);
            }
            case "move": {
                Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.b()), name);
                long n = count(args, w.count(), name);
                lib.access(c, s, n * UNIT, false, call, name);
                lib.access(c, d, n * UNIT, true, call, name);
                if (overlap(d, n, s, n)) throw Abandon.unsupported(name + " between overlapping arrays (undefined)");
                if (!c.dry && n > 0) st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), n * UNIT);
                return in.finishCall(t, c, e, d, null);
            }
            case "set": {
                Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                if (!(LibraryBehaviour.arg(args, w.b()) instanceof Value.Int v)) throw Abandon.unsupported(name + " of an unknown character");
                long n = count(args, w.count(), name);
                lib.access(c, d, n * UNIT, true, call, name);
                if (!c.dry) {
                    CType.Int wchar = new CType.Int("int", UNIT, UNIT, true);
                    for (long i = 0; i < n; i++) st.mem.write(d.obj(), d.off() + i * UNIT, wchar, Value.of((int) v.v()));
                }
                return in.finishCall(t, c, e, d, null);
            }
            case "duplicate": {
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.a()), name);
                long n = length(st, s, -1, name);
                lib.access(c, s, (n + 1) * UNIT, false, call, name);
                if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
                Block o = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, (n + 1) * UNIT, t.index, call.loc());
                o.addressTaken = true;
                st.mem.copy(o.id, 0, s.obj(), s.off(), (n + 1) * UNIT);
                // the copy is the library's, not the program's (as strdup's)
                st.mem.get(o.id).written(false);
                return in.finishCall(t, c, e, new Value.Ptr(o.id, 0), null);
            }
            default:
                throw Abandon.unsupported(name + ": wide-string operation " + w.op());
        }
    }

    /** The units before the first zero one at {@code s} (at most {@code max} looked at when not negative). */
    private static long length(ExecState st, Value.Ptr s, long max, String name) {
        long i = 0;
        while ((max < 0 || i < max) && unit(st, s, i, name) != 0) i++;
        return i;
    }

    private static int unit(ExecState st, Value.Ptr s, long i, String name) {
        long off = s.off() + i * UNIT;
        if (s.bounded() && off + UNIT > s.hi()) throw Abandon.unsupported(name + " past the end of a member array");
        return (int) st.mem.readRaw(s.obj(), off, UNIT);
    }

    /** A count of units (within the explorer's largest object). */
    private static long count(List<Value> args, int i, String name) {
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, i));
        if (n > Memory.EXPLORED_OBJECT / UNIT) throw Abandon.unsupported(name + " of " + n + " units");
        return n;
    }

    private static boolean overlap(Value.Ptr a, long an, Value.Ptr b, long bn) {
        return a.obj() == b.obj() && a.off() < b.off() + bn * UNIT && b.off() < a.off() + an * UNIT;
    }
}
