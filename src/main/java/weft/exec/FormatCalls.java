package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The formatting calls the explorer computes ({@link Semantics.FormatInto}) and the output calls it runs
 * ({@link Semantics.Output}, whose text goes nowhere it follows): {@code sprintf}, {@code snprintf} and
 * their {@code va_list} forms write the text {@link Formatter} computes into the program's buffer; {@code asprintf} and
 * {@code vasprintf} into a new heap block whose address they store through their first argument. The format and the
 * string arguments are read as far as the formatting read them; {@code %n} writes the count so far.
 */
final class FormatCalls {
    private FormatCalls() {
    }

    /**
     * {@code snprintf(dest, count, format, ...)} and {@code sprintf} (and their {@code va_list} forms, {@link VarArgs}):
     * the text's first {@code count - 1} bytes and a terminator written at {@code dest} (nothing when {@code count} is
     * 0). With {@link Semantics.FormatInto#alloc} ({@code asprintf}): the whole text and a terminator in a new heap
     * block (the allocation succeeds, as {@code malloc}'s does in the search), its address stored at {@code dest}.
     * Returns the whole text's length.
     */
    static boolean into(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.FormatInto fi, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr f = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fi.format()), name);
        lib.checkFormat(f, false); // %n computed (Formatter.Count)
        List<Value> values = VarArgs.afterFormat(st.mem, args, fi.format(), fi.vaList(), name);
        Formatter.Result r = new Formatter(st.mem, st.dm).format(f, values, name);
        long fl = st.mem.get(f.obj()).readOnly ? 1 : lib.strlen(f) + 1;
        if (!st.mem.get(f.obj()).readOnly) lib.access(c, f, fl, false, call, name);
        for (Formatter.Read read : r.reads()) lib.access(c, read.ptr(), read.length(), false, call, name);
        Value.Ptr d = null;
        long written = 0;
        if (fi.alloc()) {
            Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fi.dest()), name);
            CType.Pointer charPtr = new CType.Pointer(new CType.Int("char", 1, 1, true), st.dm.pointerSize);
            lib.access(c, out, charPtr.size(), true, call, name);
            if (!c.dry) {
                long n = r.bytes().length + 1L;
                if (n > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " of " + n + " bytes");
                Block o = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, n, t.index, call.loc());
                o.addressTaken = true;
                text(st, o.id, 0, r.bytes(), n);
                // the text is the library's, not the program's (as strdup's copy: the block's first write is still to come)
                st.mem.get(o.id).written(false);
                st.mem.write(out.obj(), out.off(), charPtr, new Value.Ptr(o.id, 0));
            }
        } else {
            long bound = fi.count() < 0 ? Long.MAX_VALUE : LibraryFunctions.count(LibraryBehaviour.arg(args, fi.count()));
            written = Math.min(r.bytes().length + 1L, bound);
            if (written > 0) {
                d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fi.dest()), name);
                // overlapping the format or an argument string is undefined (C11 7.21.6.6p2); other bytes of their
                // objects (two members of one structure) are not
                Value.Ptr dd = d;
                long w = written;
                if (LibraryFunctions.overlaps(d, written, f, fl)
                        || r.reads().stream().anyMatch(x -> LibraryFunctions.overlaps(dd, w, x.ptr(), Math.max(1, x.length())))) {
                    throw Abandon.unsupported(name + " into an object it reads");
                }
                lib.access(c, d, written, true, call, name);
                if (!c.dry) text(st, d.obj(), d.off(), r.bytes(), written);
            }
        }
        for (Formatter.Count n : r.counts()) {
            if (LibraryFunctions.overlaps(n.ptr(), n.size(), f, fl) || d != null && LibraryFunctions.overlaps(n.ptr(), n.size(), d, written)) {
                throw Abandon.unsupported(name + " %n into the format or the text");
            }
            lib.access(c, n.ptr(), n.size(), true, call, name);
            if (!c.dry) st.mem.write(n.ptr().obj(), n.ptr().off(), new CType.Int("int", n.size(), n.size(), true), Value.of(n.value()));
        }
        return in.finishCall(t, c, e, Value.of(r.bytes().length), null);
    }

    /**
     * An output call ({@link Semantics.Output}: {@code printf}, {@code puts}, {@code err}...): the text goes nowhere the
     * run follows; its reads are {@link #outputReads}'; {@code err} ends the program as {@code exit} does, {@code error}
     * when its status is not zero.
     */
    static boolean output(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                          Semantics.Output out, List<Value> args) {
        Value.Ptr f = LibraryFunctions.ptr(LibraryBehaviour.arg(args, out.text()), name);
        lib.checkFormat(f, out.format());
        outputReads(in.st, lib, c, call, name, out, args, f);
        if (out.end() != Semantics.End.NEVER) {
            Value status = LibraryBehaviour.arg(args, out.status());
            if (!(status instanceof Value.Int sv)) throw Abandon.unsupported(name + " with an unknown status");
            if (out.end() == Semantics.End.ALWAYS || sv.v() != 0) {
                c.visible = true;
                c.terminates = true;
                if (c.dry) return true;
                throw Abandon.end(name);
            }
        }
        return in.finishCall(t, c, e, null, null);
    }

    /**
     * The memory an output call reads: the text (the format), and the strings its {@code %s} conversions read
     * ({@link Formatter#stringReads}). A proof records them all (a format whose pointer arguments the scan cannot follow
     * stops it); a search records them when the reproducer shows ThreadSanitizer those reads
     * ({@link Semantics.Output#shown}), and a proof counts the others for proofs only (ThreadSanitizer does not see the
     * C library's reads of a printf's strings, so no confirmation may rest on them).
     */
    private static void outputReads(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.Output out,
                                    List<Value> args, Value.Ptr f) {
        if (!st.exhaustive && !out.shown()) return;
        if (!st.mem.get(f.obj()).readOnly) {
            // a search does not stop at a text it cannot measure: it records nothing of it
            long n = st.exhaustive ? lib.strlen(f) + 1 : Formatter.knownLength(st.mem, f);
            if (n < 0) return;
            lib.access(c, f, n, false, call, name);
        }
        if (!out.format()) return;
        List<Value> values;
        try {
            values = VarArgs.afterFormat(st.mem, args, out.text(), out.vaList(), name);
        } catch (Abandon x) {
            // a search does not stop at a va_list it cannot follow either
            if (st.exhaustive) throw x;
            return;
        }
        if (values.stream().noneMatch(v -> v instanceof Value.Ptr)) return;
        List<Formatter.Read> reads = Formatter.stringReads(st.mem, f, values);
        if (reads == null) {
            if (st.exhaustive) throw Abandon.unsupported(name + " with a pointer argument in a proof");
            return;
        }
        for (Formatter.Read read : reads) {
            if (out.shown()) lib.access(c, read.ptr(), read.length(), false, call, name);
            else lib.proofOnlyAccess(c, read.ptr(), read.length(), call, name);
        }
    }

    /** The first {@code written - 1} bytes of {@code bytes} and a terminator at byte {@code off} of object {@code obj}. */
    private static void text(ExecState st, int obj, long off, byte[] bytes, long written) {
        for (int i = 0; i < written - 1; i++) st.mem.writeRaw(obj, off + i, 1, bytes[i] & 0xff);
        st.mem.writeRaw(obj, off + written - 1, 1, 0);
    }
}
