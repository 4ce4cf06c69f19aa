package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.StreamKinds.MemoryOp;
import weft.model.StreamKinds.MemoryStreamUse;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static weft.exec.MemoryStreams.*;

/**
 * Reads of an {@code fmemopen} stream opened for reading ({@link MemoryStreams}): {@code fgetc}/{@code getc},
 * {@code fgets}, {@code fread} take bytes from stdio's buffer, which {@code fmemopen_read} fills with the next
 * {@code min(8192, maxpos - pos)} bytes of the program's buffer each time it is empty ({@code _IO_new_file_underflow});
 * none sets the end-of-file indicator, after which nothing is read until {@code clearerr}. The read is first followed
 * on copies of the state (a plan changes nothing), the program's memory it reads and writes recorded for proofs, then
 * done.
 */
final class MemoryStreamReads {
    private MemoryStreamReads() {
    }

    /** The state as a read goes: the cookie's position, stdio's buffer (its bytes, how many held and taken), the end met. */
    private static final class Cursor {
        final ExecState st;
        final int s;
        long pos, held, taken;
        final long maxpos;
        boolean atEnd;
        /** stdio's buffer's bytes held (read only when some are left to take). */
        byte[] data;
        /** The chunks read from the program's buffer: offset and length in it. */
        final List<long[]> fetched = new java.util.ArrayList<>();

        Cursor(ExecState st, int s) {
            this.st = st;
            this.s = s;
            pos = field(st, s, POS);
            held = field(st, s, HELD);
            taken = field(st, s, TAKEN);
            maxpos = field(st, s, MAXPOS);
            atEnd = (flags(st, s) & AT_END) != 0;
            data = held > taken ? st.mem.readBytes(s, DATA, (int) held) : new byte[0];
        }

        /** The next byte, or -1 at the end (setting the indicator). */
        int next() {
            if (taken >= held) {
                if (atEnd) return -1;
                long n = pos > maxpos ? 0 : Math.min(BUFSIZ, maxpos - pos);
                if (n == 0) {
                    atEnd = true;
                    return -1;
                }
                Value.Ptr b = buffer(st, s);
                data = st.mem.readBytes(b.obj(), b.off() + pos, (int) n);
                fetched.add(new long[] {pos, n});
                pos += n;
                held = n;
                taken = 0;
            }
            return data[(int) taken++] & 0xff;
        }

        /** Records the program's buffer's reads (for proofs) and, unless planning, keeps the state. */
        void done(LibraryFunctions lib, Ctx c, Stmt.Call call, String name) {
            Value.Ptr b = buffer(st, s);
            for (long[] f : fetched) lib.proofOnlyAccess(c, b.at(b.off() + f[0]), f[1], false, call, name);
            if (c.dry) return;
            set(st, s, POS, pos);
            set(st, s, HELD, held);
            set(st, s, TAKEN, taken);
            if (!fetched.isEmpty()) st.mem.writeBytes(s, DATA, data);
            if (atEnd) setFlags(st, s, flags(st, s) | AT_END);
        }
    }

    static boolean read(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        MemoryStreamUse u, List<Value> args, int s) {
        ExecState st = in.st;
        Cursor k = new Cursor(st, s);
        if (u.op() == MemoryOp.GETC) {
            int b = k.next();
            k.done(lib, c, call, name);
            return in.finishCall(t, c, e, Value.of(b), IntConversions.INT);
        }
        Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.data()), name);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Value result;
        if (u.op() == MemoryOp.GETS) {
            if (!(LibraryBehaviour.arg(args, u.count()) instanceof Value.Int n)) throw Abandon.unsupported(name + " of an unknown count");
            int count = (int) n.v();
            if (count <= 0) return in.finishCall(t, c, e, Value.ZERO, null);
            if (count == 1) {
                // nothing read: only the terminator stored
                lib.proofOnlyAccess(c, dest, 1, true, call, name);
                if (!c.dry) st.mem.writeRaw(dest.obj(), dest.off(), 1, 0);
                return in.finishCall(t, c, e, dest, null);
            }
            if (count > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " of " + count + " bytes");
            while (got.size() < count - 1) {
                int b = k.next();
                if (b < 0) break;
                got.write(b);
                if (b == '\n') break;
            }
            if (got.size() > 0) got.write(0);
            result = got.size() > 0 ? dest : Value.ZERO;
        } else {
            long size = LibraryFunctions.count(LibraryBehaviour.arg(args, u.size()));
            long items = LibraryFunctions.count(LibraryBehaviour.arg(args, u.count()));
            long want = itemBytes(args, u, name);
            if (want == 0) return in.finishCall(t, c, e, Value.ZERO, st.sizeType());
            // _IO_file_xsgetn reads a request of a buffer or more into the program's memory directly
            if (want >= BUFSIZ) throw Abandon.unsupported(name + " of " + want + " bytes from a memory stream");
            while (got.size() < want) {
                int b = k.next();
                if (b < 0) break;
                got.write(b);
            }
            result = Value.of(got.size() == want ? items : got.size() / size);
        }
        byte[] bytes = got.toByteArray();
        lib.proofOnlyAccess(c, dest, bytes.length, true, call, name);
        k.done(lib, c, call, name);
        if (!c.dry && bytes.length > 0) st.mem.writeBytes(dest.obj(), dest.off(), bytes);
        return in.finishCall(t, c, e, result, u.op() == MemoryOp.READ ? st.sizeType() : null);
    }
}
