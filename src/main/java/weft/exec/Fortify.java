package weft.exec;

import weft.exec.state.Abandon;
import weft.exec.state.Value;
import weft.model.Semantics;

import java.util.List;

/**
 * glibc's {@code _FORTIFY_SOURCE} checks ({@link Semantics.Fortified}: {@code __memcpy_chk}, {@code __memmove_chk},
 * {@code __memset_chk}, {@code __strcpy_chk}, {@code __strncpy_chk}, {@code __strcat_chk}, {@code __read_chk}, which gcc calls for the plain
 * functions when a program is built with {@code -D_FORTIFY_SOURCE} and optimisation): before the function runs, glibc
 * compares the bytes it will write with the destination's size the compiler passed and aborts ({@code __chk_fail})
 * when they do not fit, whatever the object's real size ({@code _FORTIFY_SOURCE=2} passes a member's size).
 *
 * <p>Must-soundness: a run goes on through the call only when glibc would: the bytes written are computed as glibc's
 * checks compute them ({@code memcpy}, {@code memmove}, {@code memset}, {@code strncpy}, {@code read}: the count; {@code strcpy}: the
 * source's length and its terminator; {@code strcat}: the destination's length, the source's and the terminator), a
 * size of {@code (size_t) -1} (the compiler did not know it) is no check, and a call whose check fails ends the
 * program, as {@code __chk_fail}'s {@code abort} does (no witness rests on a path past it, and a proof takes no run
 * past it: none goes on). The function itself then runs as its plain form ({@code inner}).
 */
final class Fortify {
    private Fortify() {
    }

    /** The plain function's semantics, or null when glibc's check of the call aborts the program. */
    static Semantics check(LibraryFunctions lib, ExecState st, String name, Semantics.Fortified f, List<Value> args) {
        if (!(LibraryBehaviour.arg(args, f.size()) instanceof Value.Int size)) throw Abandon.unsupported(name + " of an unknown object size");
        long limit = size.v();
        if (limit == -1 || st.dm.pointerSize == 4 && limit == 0xffffffffL) return f.inner();
        Semantics in = f.inner();
        long written;
        if (in instanceof Semantics.SetBytes s) {
            written = LibraryFunctions.count(LibraryBehaviour.arg(args, s.count()));
        } else if (in instanceof Semantics.CopyBytes c) {
            written = LibraryFunctions.count(LibraryBehaviour.arg(args, c.count()));
        } else if (in instanceof Semantics.CopyString c) {
            written = c.count() >= 0 ? LibraryFunctions.count(LibraryBehaviour.arg(args, c.count()))
                    : lib.strlen(LibraryFunctions.ptr(LibraryBehaviour.arg(args, c.src()), name)) + 1;
        } else if (in instanceof Semantics.WorldRead r) {
            // __read_chk: the bytes asked, whatever the world answers
            written = LibraryFunctions.count(LibraryBehaviour.arg(args, r.count()));
        } else if (in instanceof Semantics.AppendString a) {
            written = lib.strlen(LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.dest()), name))
                    + lib.strlen(LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.src()), name)) + 1;
        } else {
            throw new IllegalStateException(f.toString());
        }
        return Long.compareUnsigned(written, limit) > 0 ? null : f.inner();
    }
}
