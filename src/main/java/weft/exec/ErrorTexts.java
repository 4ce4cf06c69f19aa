package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The texts of error numbers (and, {@link Semantics.SignalText}, signals' descriptions) as the installed glibc gives them in the C locale ({@code strerror_l}:
 * {@link weft.installed.CLibrary#errorMessage}): {@code strerror} ({@link Semantics.ErrorMessage}) returns the read-only
 * text (a library string); GNU {@code strerror_r} ({@link Semantics.ErrorMessageInto}) returns the static text of a
 * known number and writes nothing, and for an unknown one writes {@code "Unknown error N"} into the buffer (cut to its
 * size less one, terminated: glibc's {@code snprintf}) and returns the buffer; XSI {@code strerror_r}
 * ({@code __xpg_strerror_r}, what {@code <string.h>} names without {@code _GNU_SOURCE}) copies the text into the buffer
 * the same way and returns 0, {@code ERANGE} when it was cut, {@code EINVAL} for an unknown number (glibc 2.36's
 * {@code string/xpg-strerror.c}, checked on the installed glibc). A number is unknown when glibc's text for it is
 * {@code "Unknown error N"}. Which {@code strerror_r} a call names is read from its declaration (an {@code int} result:
 * XSI's), as {@code <string.h>} redirects the name with an asm label the front end does not follow.
 *
 * <p>Soundness and must-soundness: the bytes written are those glibc writes, computed from the installed library's
 * text; without an installed glibc the run stops.
 */
final class ErrorTexts {
    private ErrorTexts() {
    }

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.ErrorMessage || sem instanceof Semantics.ErrorMessageInto || sem instanceof Semantics.SignalText;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.SignalText text) {
            int sig = errnum(LibraryBehaviour.arg(args, text.sig()), name);
            String d = weft.installed.CLibrary.installed().map(l -> l.signalDescription(sig)).orElse(null);
            if (d == null) throw Abandon.unsupported(name + " of a signal without a description (glibc's own buffer)");
            return in.finishCall(t, c, e, st.staticString(d), null);
        }
        int errnum = errnum(LibraryBehaviour.arg(args, sem instanceof Semantics.ErrorMessage m ? m.errnum()
                : ((Semantics.ErrorMessageInto) sem).errnum()), name);
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        if (sem instanceof Semantics.ErrorMessage m && !m.family().equals("errno")) {
            return in.finishCall(t, c, e, st.staticString(m.family().equals("gai") ? libc.addressError(errnum) : libc.hostError(errnum)), null);
        }
        String text = libc.errorMessage(errnum);
        if (!(sem instanceof Semantics.ErrorMessageInto into)) return in.finishCall(t, c, e, st.staticString(text), null);
        boolean known = !text.equals("Unknown error " + errnum);
        // <string.h> without _GNU_SOURCE declares strerror_r with an asm label naming __xpg_strerror_r, which the front
        // end does not follow: the declared int result says which one the program calls
        boolean xsi = into.xsi() || call.callee().type().pointee() instanceof weft.ir.CType.Function f
                && f.returnType().unqualified() instanceof weft.ir.CType.Int;
        Value buf = LibraryBehaviour.arg(args, into.buf());
        if (known && !xsi) return in.finishCall(t, c, e, st.staticString(text), null);
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, into.count()));
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        long copied = size == 0 ? 0 : Math.min(size - 1, b.length);
        if (size > 0) {
            Value.Ptr p = LibraryFunctions.ptr(buf, name);
            lib.access(c, p, copied + 1, true, call, name);
            if (!c.dry) {
                st.mem.writeBytes(p.obj(), p.off(), java.util.Arrays.copyOf(b, (int) copied));
                st.mem.fill(p.obj(), p.off() + copied, 1, (byte) 0);
            }
        }
        if (!xsi) return in.finishCall(t, c, e, buf, null);
        long result = !known ? Errno.EINVAL : size <= b.length ? ERANGE : 0;
        return in.finishCall(t, c, e, Value.of(result), IntConversions.INT);
    }

    /** Linux's {@code ERANGE}. */

    private static int errnum(Value v, String name) {
        if (!(v instanceof Value.Int i) || i.v() < Integer.MIN_VALUE || i.v() > Integer.MAX_VALUE) throw Abandon.unsupported(name + " of " + v);
        return (int) i.v();
    }
}
