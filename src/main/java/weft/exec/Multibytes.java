package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The multibyte conversions in the C locale ({@link Semantics.Multibyte}), as glibc 2.36 answers them (checked against
 * the installed glibc): the locale's character set is ASCII, one byte per character; a byte from 128 up, or a wide
 * character outside 0..127, is an invalid sequence ({@code EILSEQ}). {@code mblen} and {@code mbtowc} of a null string
 * answer 0 (no shift states), of a count of 0 -1 without {@code errno}; {@code mbrtowc} of a count of 0 (size_t) -2,
 * of a null string 0; {@code wctomb} of a null buffer 0, {@code wcrtomb} 1; the string conversions write every
 * character before an invalid one (then -1) and the terminator when it fits, and count without writing for a null
 * destination. The program is in the C locale: the search takes every environment variable to be unset, so
 * {@code setlocale(LC_ALL, "")} gives it too, and the reproducer runs with {@code LC_ALL=C}.
 *
 * <p>Soundness: the accesses are the bytes and wide characters read and written; a conversion state argument
 * ({@code mbstate_t}, 8 bytes) is read and written for proofs only (glibc's ASCII conversion may leave it alone).
 */
final class Multibytes {
    /** wchar_t on Linux: 4 bytes, signed. */
    private static final int WCHAR = 4;

    private Multibytes() {
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.Multibyte m, List<Value> args) {
        ExecState st = in.st;
        switch (m.op()) {
            case "mblen", "mbtowc", "mbrtowc" -> {
                boolean restartable = m.op().equals("mbrtowc");
                int sAt = m.op().equals("mblen") ? m.first() : m.second(), nAt = m.op().equals("mblen") ? m.second() : m.third();
                if (restartable) state(lib, c, call, name, args, nAt + 1);
                Value s = LibraryBehaviour.arg(args, sAt);
                if (Value.isNull(s)) return in.finishCall(t, c, e, Value.ZERO, null);
                long n = LibraryFunctions.count(LibraryBehaviour.arg(args, nAt));
                if (n == 0) return in.finishCall(t, c, e, Value.of(restartable ? -2 : -1), null);
                Value.Ptr p = LibraryFunctions.ptr(s, name);
                lib.access(c, p, 1, false, call, name);
                int b = st.mem.readByte(p.obj(), p.off());
                if (b >= 128) return fail(in, t, c, e);
                Value out = m.op().equals("mblen") ? Value.ZERO : LibraryBehaviour.arg(args, m.first());
                if (!Value.isNull(out)) {
                    Value.Ptr o = LibraryFunctions.ptr(out, name);
                    lib.access(c, o, WCHAR, true, call, name);
                    if (!c.dry) st.mem.writeRaw(o.obj(), o.off(), WCHAR, b);
                }
                return in.finishCall(t, c, e, Value.of(b == 0 ? 0 : 1), null);
            }
            case "wctomb", "wcrtomb" -> {
                boolean restartable = m.op().equals("wcrtomb");
                if (restartable) state(lib, c, call, name, args, 2);
                Value s = LibraryBehaviour.arg(args, m.first());
                if (Value.isNull(s)) return in.finishCall(t, c, e, Value.of(restartable ? 1 : 0), null);
                if (!(LibraryBehaviour.arg(args, m.second()) instanceof Value.Int wc)) throw Abandon.unsupported(name + " of an unknown character");
                long w = (int) wc.v();
                if (w < 0 || w >= 128) return fail(in, t, c, e);
                Value.Ptr p = LibraryFunctions.ptr(s, name);
                lib.access(c, p, 1, true, call, name);
                if (!c.dry) st.mem.writeRaw(p.obj(), p.off(), 1, w);
                return in.finishCall(t, c, e, Value.ONE, null);
            }
            default -> {
                // mbstowcs, wcstombs: up to n characters of dest, or the length for a null dest
                boolean wide = m.op().equals("mbstowcs");
                int from = wide ? 1 : WCHAR, to = wide ? WCHAR : 1;
                Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, m.second()), name);
                Value d = LibraryBehaviour.arg(args, m.first());
                long n = Value.isNull(d) ? Long.MAX_VALUE : LibraryFunctions.count(LibraryBehaviour.arg(args, m.third()));
                Value.Ptr dest = Value.isNull(d) ? null : LibraryFunctions.ptr(d, name);
                long i = 0;
                boolean invalid = false;
                while (i < n) {
                    lib.access(c, src.at(src.off() + i * from), from, false, call, name);
                    long ch = (int) st.mem.readRaw(src.obj(), src.off() + i * from, from);
                    if (from == 1) ch &= 0xff;
                    if (ch < 0 || ch >= 128) {
                        invalid = true;
                        break;
                    }
                    if (dest != null) {
                        lib.access(c, dest.at(dest.off() + i * to), to, true, call, name);
                        if (!c.dry) st.mem.writeRaw(dest.obj(), dest.off() + i * to, to, ch);
                    }
                    if (ch == 0) return in.finishCall(t, c, e, Value.of(i), null);
                    i++;
                }
                if (invalid) return fail(in, t, c, e);
                return in.finishCall(t, c, e, Value.of(i), null);
            }
        }
    }

    /** A conversion state argument (null: the function's own): read and written for proofs only. */
    private static void state(LibraryFunctions lib, Ctx c, Stmt.Call call, String name, List<Value> args, int at) {
        if (at >= args.size() || Value.isNull(args.get(at))) return;
        Value.Ptr ps = LibraryFunctions.ptr(args.get(at), name);
        lib.proofOnlyAccess(c, ps, 8, false, call, name);
        lib.proofOnlyAccess(c, ps, 8, true, call, name);
    }

    /** -1 ((size_t) -1 for the restartable and string conversions) with errno EILSEQ. */
    private static boolean fail(Interpreter in, ThreadState t, Ctx c, Edge e) {
        if (!c.dry) in.st.setErrno(t, EILSEQ);
        return in.finishCall(t, c, e, Value.of(-1), null);
    }
}
