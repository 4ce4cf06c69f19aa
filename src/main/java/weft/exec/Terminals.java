package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Descriptors;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A terminal's answers, the world's ({@link Semantics.Terminal}): whether a descriptor is a terminal is an input the
 * search chooses and records (0: one; 1: none, then {@code ENOTTY}), as {@code isatty}'s is. A terminal is
 * {@link Semantics#TERMINAL_NAME} ({@code ttyname}, {@code ptsname}: in the function's static buffer, its hidden state;
 * {@code ttyname_r}, {@code ptsname_r}: into the caller's buffer, {@code ERANGE} without room, the name's terminator
 * included) and has the settings of a sane terminal ({@code tcgetattr}: glibc's x86-64 {@code struct termios}, 60
 * bytes, as {@code stty sane} leaves them at 38400 baud); {@code tcsetattr} reads the settings given and takes them
 * (0). The descriptor is a standard stream or one the run opened as a file (a socket is never a terminal:
 * {@code ENOTTY}; others stop the run). The reproducer's wrappers give the same answers. Must side only: proofs stop.
 */
final class Terminals {
    private Terminals() {
    }

    /** glibc's x86-64 {@code struct termios}: four flag words, the line discipline, 32 control characters, two speeds. */
    static final int TERMIOS_BYTES = 60;
    /** The flags, control characters and speeds of a sane terminal ({@code stty sane}, 38400 baud). */
    private static final long IFLAG = 0x500, OFLAG = 0x5, CFLAG = 0xbf, LFLAG = 0x8a3b, SPEED = 0xf;
    private static final byte[] CONTROL = {3, 0x1c, 0x7f, 0x15, 4, 0, 1, 0, 0x11, 0x13, 0x1a, 0, 0x12, 0xf, 0x17, 0x16, 0};

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.Terminal tm, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, tm.fd()) instanceof Value.Int fd)) throw Abandon.unsupported(name + " of an unknown descriptor");
        Descriptors.Entry x = st.sync.descriptors.get(fd.v());
        boolean socket = x != null && x.kind() == Descriptors.Kind.SOCKET;
        if (x == null ? fd.v() < 0 || fd.v() > 2 : !socket && x.kind() != Descriptors.Kind.FILE) {
            throw Abandon.unsupported(name + " of descriptor " + fd.v() + ", not a standard stream or a file or socket the run opened");
        }
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + ": only the 64-bit layouts are modelled");
        Value.Ptr buf = null;
        long size = 0;
        switch (tm.op()) {
            case "name" -> buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
            case "name-into" -> {
                buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tm.buf()), name);
                size = LibraryFunctions.count(LibraryBehaviour.arg(args, tm.size()));
            }
            case "get" -> buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tm.termios()), name);
            case "set" -> {
                Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tm.termios()), name);
                lib.access(c, s, TERMIOS_BYTES, false, call, name);
            }
            default -> throw new IllegalStateException(tm.op());
        }
        byte[] text = (Semantics.TERMINAL_NAME + "\0").getBytes(StandardCharsets.ISO_8859_1);
        if (tm.op().equals("name")) lib.access(c, buf, text.length, true, call, name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": whether a descriptor is a terminal is the world's");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean errorNumber = tm.op().equals("name-into");
        long terminal = socket ? 1 : st.chooseAmong(new long[] {0, 1}, name, call.loc());
        if (socket) st.logNondet(name, call.loc(), "1");
        if (terminal != 0) {
            st.logNondet(name, call.loc(), Long.toString(ENOTTY));
            if (errorNumber) return in.finishCall(t, c, e, Value.of(ENOTTY), IntConversions.INT);
            st.setErrno(t, ENOTTY);
            return in.finishCall(t, c, e, tm.op().equals("name") ? Value.ZERO : Value.of(-1), tm.op().equals("name") ? null : IntConversions.INT);
        }
        switch (tm.op()) {
            case "name" -> {
                st.mem.writeBytes(buf.obj(), buf.off(), text);
                return in.finishCall(t, c, e, buf, null);
            }
            case "name-into" -> {
                if (size < text.length) return in.finishCall(t, c, e, Value.of(ERANGE), IntConversions.INT);
                // the name is the world's answer (as read's bytes are): written, not an access a planned step makes
                st.mem.check(buf.obj(), buf.off(), text.length, true);
                st.mem.writeBytes(buf.obj(), buf.off(), text);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            case "get" -> {
                st.mem.check(buf.obj(), buf.off(), TERMIOS_BYTES, true);
                byte[] b = new byte[TERMIOS_BYTES];
                long[] flags = {IFLAG, OFLAG, CFLAG, LFLAG};
                for (int i = 0; i < 4; i++) for (int k = 0; k < 4; k++) b[4 * i + k] = (byte) (flags[i] >>> (8 * k));
                System.arraycopy(CONTROL, 0, b, 17, CONTROL.length);
                for (int k = 0; k < 4; k++) {
                    b[52 + k] = (byte) (SPEED >>> (8 * k));
                    b[56 + k] = (byte) (SPEED >>> (8 * k));
                }
                st.mem.writeBytes(buf.obj(), buf.off(), b);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            default -> {
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
        }
    }
}
