package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Descriptors;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Answers Linux and glibc compute from what the run knows ({@link Semantics.ClockResolution},
 * {@link Semantics.EntryOrder}, {@link Semantics.FileAdvice}, {@link Semantics.SocketOption}), checked against the
 * installed system: the nanosecond clocks' resolution, the order {@code alphasort} and {@code versionsort} give two
 * directory entries, {@code posix_fadvise}'s refusals, a socket's pending error, {@code setlogmask}'s mask before
 * ({@link Semantics.LogMask}: glibc keeps it; a proof stops there, the mask is not part of its state). The accesses are the bytes read and
 * written; each answer is the same in the reproducer's real run (the wrappers of the socket option and of the advice,
 * which is recorded, answer for the descriptors the witness invented).
 */
final class SmallAnswers {
    private SmallAnswers() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.ClockResolution || s instanceof Semantics.EntryOrder || s instanceof Semantics.FileAdvice
                || s instanceof Semantics.SocketOption || s instanceof Semantics.LogMask;
    }

    /** The offset of {@code d_name} in Linux's {@code struct dirent}: after d_ino, d_off (longs), d_reclen, d_type. */
    static int nameOffset(ExecState st) {
        return 2 * st.dm.longSize + 3;
    }
    static final long SOL_SOCKET = 1, SO_ERROR = 4;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.LogMask m) {
            if (st.exhaustive) throw Abandon.unsupported(name + ": the mask is not part of a proof's state");
            if (!(LibraryBehaviour.arg(args, m.mask()) instanceof Value.Int mask)) throw Abandon.unsupported(name + " of an unknown mask");
            long before = st.sync.logMask;
            if (!c.dry && mask.v() != 0) {
                st.beforeSyncChange();
                st.sync.logMask = mask.v() & 0xffffffffL;
            }
            return in.finishCall(t, c, e, Value.of((int) before), IntConversions.INT);
        }
        if (sem instanceof Semantics.ClockResolution r) {
            if (!(LibraryBehaviour.arg(args, r.clock()) instanceof Value.Int k) || !(k.v() >= 0 && k.v() <= 4 || k.v() == 7)) {
                throw Abandon.unsupported(name + " of a clock whose resolution is the kernel's tick (not modelled)");
            }
            Value out = LibraryBehaviour.arg(args, r.out());
            if (!(out instanceof Value.Int z && z.v() == 0)) {
                Value.Ptr p = LibraryFunctions.ptr(out, name);
                int l = st.dm.longSize;
                lib.access(c, p, 2L * l, true, call, name);
                if (!c.dry) {
                    st.mem.writeRaw(p.obj(), p.off(), l, 0);
                    st.mem.writeRaw(p.obj(), p.off() + l, l, 1);
                }
            }
            return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        }
        if (sem instanceof Semantics.EntryOrder o) {
            Value.Ptr pa = entryName(st, lib, c, call, name, LibraryBehaviour.arg(args, o.a()));
            Value.Ptr pb = entryName(st, lib, c, call, name, LibraryBehaviour.arg(args, o.b()));
            byte[] a = st.mem.readBytes(pa.obj(), pa.off(), (int) lib.strlen(pa));
            byte[] b = st.mem.readBytes(pb.obj(), pb.off(), (int) lib.strlen(pb));
            // both compare up to their first difference (a certain read); past it only what a proof must count
            int same = 0;
            while (same < a.length && same < b.length && a[same] == b[same]) same++;
            lib.access(c, pa, Math.min(same + 1, a.length + 1), false, call, name);
            lib.access(c, pb, Math.min(same + 1, b.length + 1), false, call, name);
            lib.proofOnlyAccess(c, pa, a.length + 1, call, name);
            lib.proofOnlyAccess(c, pb, b.length + 1, call, name);
            int r;
            if (o.version()) {
                weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
                r = libc.versionCompare(a, b);
            } else {
                r = 0;
                for (int i = 0; i <= Math.min(a.length, b.length) && r == 0; i++) {
                    int x = i < a.length ? a[i] & 0xff : 0, y = i < b.length ? b[i] & 0xff : 0;
                    r = x - y;
                }
            }
            return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
        }
        if (sem instanceof Semantics.FileAdvice fa) {
            Descriptors.Entry x = LibraryBehaviour.arg(args, fa.fd()) instanceof Value.Int fd ? st.sync.descriptors.get(fd.v()) : null;
            if (x == null) throw Abandon.unsupported(name + " of a descriptor the run did not open");
            if (x.kind() != Descriptors.Kind.FILE && x.kind() != Descriptors.Kind.SOCKET) throw Abandon.unsupported(name + " of a " + x.kind());
            if (!(LibraryBehaviour.arg(args, fa.advice()) instanceof Value.Int adv)) throw Abandon.unsupported(name + " of an unknown advice");
            long answer = x.kind() == Descriptors.Kind.SOCKET ? ESPIPE : adv.v() >= 0 && adv.v() <= 5 ? 0 : Errno.EINVAL;
            // recorded: the reproducer answers the same for the descriptors the witness invented
            if (!c.dry) st.logNondet(name, call.loc(), Long.toString(answer));
            return in.finishCall(t, c, e, Value.of(answer), IntConversions.INT);
        }
        Semantics.SocketOption so = (Semantics.SocketOption) sem;
        Descriptors.Entry x = LibraryBehaviour.arg(args, so.fd()) instanceof Value.Int fd ? st.sync.descriptors.get(fd.v()) : null;
        if (x == null || x.kind() != Descriptors.Kind.SOCKET) throw Abandon.unsupported(name + " of a descriptor that is no socket of the run");
        if (!(LibraryBehaviour.arg(args, so.level()) instanceof Value.Int lv && lv.v() == SOL_SOCKET)
                || !(LibraryBehaviour.arg(args, so.option()) instanceof Value.Int op && op.v() == SO_ERROR)) {
            throw Abandon.unsupported(name + " of an option other than SO_ERROR (not modelled)");
        }
        Value.Ptr value = LibraryFunctions.ptr(LibraryBehaviour.arg(args, so.value()), name);
        Value.Ptr len = LibraryFunctions.ptr(LibraryBehaviour.arg(args, so.len()), name);
        lib.access(c, len, 4, false, call, name);
        if (st.mem.readRaw(len.obj(), len.off(), 4) < 4) throw Abandon.unsupported(name + " into fewer than 4 bytes");
        lib.access(c, value, 4, true, call, name);
        lib.access(c, len, 4, true, call, name);
        if (!c.dry) {
            st.mem.writeRaw(value.obj(), value.off(), 4, 0);
            st.mem.writeRaw(len.obj(), len.off(), 4, 4);
        }
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** The name of the directory entry whose pointer is at {@code pp} (a {@code const struct dirent **}; the pointer read). */
    private static Value.Ptr entryName(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value pp) {
        Value.Ptr p = LibraryFunctions.ptr(pp, name);
        lib.access(c, p, st.dm.pointerSize, false, call, name);
        Value.Ptr entry = LibraryFunctions.ptr(st.mem.read(p.obj(), p.off(), st.voidPointer), name);
        return entry.at(entry.off() + nameOffset(st));
    }
}
