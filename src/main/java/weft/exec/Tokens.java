package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The tokenisers {@code strtok_r}, {@code strtok} ({@link Semantics.Tokenize}), {@code strsep}
 * ({@link Semantics.Separate}) and {@code getsubopt} ({@link Semantics.SubOption}) as glibc computes them: a token is
 * the span of bytes not in the delimiter string ({@code strcspn}) after those that are ({@code strspn}, not for
 * {@code strsep}; {@code getsubopt}: up to a comma); the delimiter ending it becomes a terminator and the saved
 * position moves past it. {@code getsubopt} matches the suboption's key (up to its {@code '='}) against each token
 * in turn as glibc's {@code strncmp} and terminator test do, reading each token's bytes up to the first that differs.
 *
 * <p>Soundness (proofs) and must-soundness (witnesses): the result, the terminator written and the saved position are
 * glibc's for the bytes read, which must be known (an unknown byte stops the run); a call continuing from a null
 * position ({@code strtok(NULL, ...)} first, glibc dereferences it) is undefined and stops the run. Accesses: the whole
 * delimiter string, the string up to the byte that ends the token (or its terminator), the terminator written, and the
 * saved position read and written where it is the program's ({@code strtok_r}'s {@code save}, {@code strsep}'s
 * pointer); glibc's word-at-a-time scans may read on to the string's terminator, which a proof counts too
 * ({@link ByteAccess#asProofOnly}). {@code strtok}'s position is the library's: an object of its own no program
 * pointer reaches, which no access of the program's is recorded for; the race of two threads calling {@code strtok} is
 * the race on its hidden state ({@code <libc:strtok state>}, libc.tsv), recorded as every hidden state's.
 */
final class Tokens {
    /** The library object holding {@code strtok}'s position (a pointer, null at first). */
    static final String STRTOK_POSITION = "<libc:strtok position>";

    private static final CType.Int CHAR = new CType.Int("char", 1, 1, true);

    private Tokens() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.Tokenize || s instanceof Semantics.Separate || s instanceof Semantics.SubOption;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        if (sem instanceof Semantics.Tokenize k) return in.finishCall(t, c, e, tokenize(in.st, lib, c, call, name, k, args), null);
        if (sem instanceof Semantics.Separate s) return in.finishCall(t, c, e, separate(in.st, lib, c, call, name, s, args), null);
        if (sem instanceof Semantics.SubOption so) return in.finishCall(t, c, e, subOption(in.st, lib, c, call, name, so, args), weft.ir.IntConversions.INT);
        throw new IllegalStateException(sem.toString());
    }

    private static Value tokenize(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.Tokenize k,
                                  List<Value> args) {
        CType ptrType;
        Value.Ptr slot;
        if (k.save() >= 0) {
            ptrType = pointerPointee(call, k.save(), name);
            slot = LibraryFunctions.ptr(LibraryBehaviour.arg(args, k.save()), name);
        } else {
            ptrType = new CType.Pointer(CHAR, st.dm.pointerSize);
            slot = c.dry ? st.existingLibraryObject(STRTOK_POSITION) : st.libraryObject(STRTOK_POSITION, () -> {
                Block b = st.mem.create(STRTOK_POSITION, Block.Kind.SPECIAL, st.dm.pointerSize, -1, weft.ir.SourceLoc.NONE);
                st.mem.write(b.id, 0, new CType.Pointer(CHAR, st.dm.pointerSize), Value.ZERO);
                return b.id;
            });
        }
        Value sv = LibraryBehaviour.arg(args, k.s());
        Value.Ptr s;
        if (sv instanceof Value.Int z && z.v() == 0) {
            if (k.save() >= 0) lib.access(c, slot, ptrType.size(), false, call, name);
            Value saved = slot == null ? Value.ZERO : st.mem.read(slot.obj(), slot.off(), ptrType);
            if (saved instanceof Value.Int n && n.v() == 0) throw Abandon.unsupported(name + " continuing from a null position");
            s = LibraryFunctions.ptr(saved, name);
        } else {
            s = LibraryFunctions.ptr(sv, name);
        }
        boolean[] delims = StringFunctions.byteSet(st, lib, c, call, name, LibraryBehaviour.arg(args, k.delim()));
        long start = 0;
        for (int b; (b = StringFunctions.at(st, s, start)) != 0 && delims[b]; ) start++;
        // only delimiters left: the position stays at the terminator, no token
        boolean token = StringFunctions.at(st, s, start) != 0;
        long end = start;
        if (token) for (int b; (b = StringFunctions.at(st, s, end)) != 0 && !delims[b]; ) end++;
        Value.Ptr next = cut(st, lib, c, call, name, s, end);
        if (next == null) next = s.at(s.off() + end);
        if (k.save() >= 0) lib.access(c, slot, ptrType.size(), true, call, name);
        if (!c.dry) st.mem.write(slot.obj(), slot.off(), ptrType, next);
        return token ? s.at(s.off() + start) : Value.ZERO;
    }

    private static Value separate(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.Separate sp,
                                  List<Value> args) {
        CType ptrType = pointerPointee(call, sp.stringp(), name);
        Value.Ptr slot = LibraryFunctions.ptr(LibraryBehaviour.arg(args, sp.stringp()), name);
        lib.access(c, slot, ptrType.size(), false, call, name);
        Value begin = st.mem.read(slot.obj(), slot.off(), ptrType);
        if (begin instanceof Value.Int n && n.v() == 0) return Value.ZERO;
        Value.Ptr s = LibraryFunctions.ptr(begin, name);
        boolean[] delims = StringFunctions.byteSet(st, lib, c, call, name, LibraryBehaviour.arg(args, sp.delim()));
        long end = 0;
        for (int b; (b = StringFunctions.at(st, s, end)) != 0 && !delims[b]; ) end++;
        Value.Ptr next = cut(st, lib, c, call, name, s, end);
        lib.access(c, slot, ptrType.size(), true, call, name);
        if (!c.dry) st.mem.write(slot.obj(), slot.off(), ptrType, next == null ? Value.ZERO : next);
        return s;
    }

    /** glibc's {@code getsubopt}: the index of the token the next suboption names, or -1. */
    private static Value subOption(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.SubOption so,
                                   List<Value> args) {
        CType ptrType = pointerPointee(call, so.option(), name);
        Value.Ptr slot = LibraryFunctions.ptr(LibraryBehaviour.arg(args, so.option()), name);
        lib.access(c, slot, ptrType.size(), false, call, name);
        Value.Ptr s = LibraryFunctions.ptr(st.mem.read(slot.obj(), slot.off(), ptrType), name);
        lib.access(c, s, 1, false, call, name);
        if (StringFunctions.at(st, s, 0) == 0) return Value.of(-1);
        long end = 0;
        for (int b; (b = StringFunctions.at(st, s, end)) != 0 && b != ','; ) end++;
        long key = 0;
        while (key < end && StringFunctions.at(st, s, key) != '=') key++;
        int p = st.dm.pointerSize;
        Value.Ptr tokens = LibraryFunctions.ptr(LibraryBehaviour.arg(args, so.tokens()), name);
        int found = -1;
        for (int cnt = 0; found < 0; cnt++) {
            Value.Ptr at = tokens.at(tokens.off() + (long) cnt * p);
            lib.access(c, at, p, false, call, name);
            Value tv = st.mem.read(at.obj(), at.off(), ptrType);
            if (tv instanceof Value.Int z && z.v() == 0) break;
            Value.Ptr tok = LibraryFunctions.ptr(tv, name);
            // strncmp(option, token, key): up to the first byte that differs (or the key's end), then token[key] == 0
            long i = 0;
            boolean same = true;
            while (i < key) {
                int a = StringFunctions.at(st, s, i), b = StringFunctions.at(st, tok, i);
                if (a != b) {
                    same = false;
                    break;
                }
                i++;
            }
            lib.access(c, tok, same ? key + 1 : i + 1, false, call, name);
            if (same && StringFunctions.at(st, tok, key) == 0) found = cnt;
        }
        Value.Ptr valueSlot = LibraryFunctions.ptr(LibraryBehaviour.arg(args, so.value()), name);
        Value value = found < 0 ? s : key != end ? s.at(s.off() + key + 1) : Value.ZERO;
        Value.Ptr next = cut(st, lib, c, call, name, s, end);
        if (next == null) next = s.at(s.off() + end);
        lib.access(c, valueSlot, ptrType.size(), true, call, name);
        lib.access(c, slot, ptrType.size(), true, call, name);
        if (!c.dry) {
            st.mem.write(valueSlot.obj(), valueSlot.off(), ptrType, value);
            st.mem.write(slot.obj(), slot.off(), ptrType, next);
        }
        return Value.of(found);
    }

    /**
     * The scan of the string at {@code s} up to byte {@code end} (a delimiter or its terminator) read; a delimiter is
     * overwritten by a terminator and the byte after it returned, else null. A proof counts the rest of the string too.
     */
    private static Value.Ptr cut(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr s, long end) {
        lib.access(c, s, end + 1, false, call, name);
        if (StringFunctions.at(st, s, end) == 0) return null;
        if (st.exhaustive) {
            long len = lib.strlen(s);
            lib.proofOnlyAccess(c, s.at(s.off() + end + 1), len - end, call, name);
        }
        Value.Ptr d = s.at(s.off() + end);
        lib.access(c, d, 1, true, call, name);
        if (!c.dry) st.mem.writeRaw(d.obj(), d.off(), 1, 0);
        return s.at(s.off() + end + 1);
    }

    /** The pointer type argument {@code i} points to ({@code char *} for {@code char **}), or the run stops. */
    private static CType pointerPointee(Stmt.Call call, int i, String name) {
        CType p = call.args().get(i).type().pointee();
        if (p == null || !p.unqualified().isPointer()) throw Abandon.unsupported(name + " position of type " + p);
        return p;
    }
}
