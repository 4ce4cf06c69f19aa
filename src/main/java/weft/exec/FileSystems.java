package weft.exec;

import weft.exec.state.Abandon;
import weft.exec.state.Descriptors;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * A file system's numbers as the world answers them ({@link Semantics.FileSystemStatus}: {@code statvfs},
 * {@code fstatvfs}, and the kernel's {@code statfs}, {@code fstatfs}): 0, or -1 and an errno the world gives; the
 * counts of blocks, free blocks, blocks free to the program, files and free files are inputs the search chooses
 * among a few, each within the one before as a file system holds them (free at most all, available at most free),
 * recorded in that order (the reproducer's wrappers fill the same). The rest is one ext4 file system's: 4096-byte
 * blocks and fragments, names of 255 bytes, no flags (mounted read and write), {@code f_favail} the free files, type
 * 0xEF53 for {@code statfs}. glibc's x86-64 layouts ({@code struct statvfs}: 112 bytes, {@code struct statfs}: 120);
 * another data model stops the run, so does a descriptor the run did not open as a file or socket. The whole struct
 * is written (glibc and Linux fill every member, the spare ones with zeros). Must side only: a proof stops here.
 */
final class FileSystems {
    private FileSystems() {
    }

    private static final long BLOCK = 4096, NAME_MAX = 255, EXT4 = 0xEF53;
    private static final int VFS_BYTES = 112, LINUX_BYTES = 120;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.FileSystemStatus s, List<Value> args) {
        ExecState st = in.st;
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + ": only the 64-bit layout is modelled");
        if (s.fd() >= 0) {
            Value fd = LibraryBehaviour.arg(args, s.fd());
            Descriptors.Entry x = fd instanceof Value.Int i ? st.sync.descriptors.get(i.v()) : null;
            if (x == null || x.kind() != Descriptors.Kind.FILE && x.kind() != Descriptors.Kind.SOCKET) {
                throw Abandon.unsupported(name + " of descriptor " + fd + ", which the run did not open as a file or socket");
            }
        } else {
            lib.strlen(LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.path()), name));
        }
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.out()), name);
        int size = s.linux() ? LINUX_BYTES : VFS_BYTES;
        lib.access(c, out, size, true, call, name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file system's numbers are the world's");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (st.chooseAmong(new long[] {0, -1}, name, call.loc()) == -1) {
            Resources.worldErrno(st, t, call, name);
            return in.finishCall(t, c, e, Value.of(-1), weft.ir.IntConversions.INT);
        }
        long blocks = st.chooseAmong(new long[] {1L << 24, 1L << 10}, name, call.loc());
        long free = st.chooseAmong(new long[] {blocks / 2, blocks, 0}, name, call.loc());
        long available = st.chooseAmong(new long[] {free, 0}, name, call.loc());
        long files = st.chooseAmong(new long[] {1L << 20, 1L << 10}, name, call.loc());
        long freeFiles = st.chooseAmong(new long[] {files / 2, 0}, name, call.loc());
        st.mem.writeBytes(out.obj(), out.off(), new byte[size]);
        long[] fields;
        if (s.linux()) {
            // f_type, f_bsize, f_blocks, f_bfree, f_bavail, f_files, f_ffree, f_fsid (two ints), f_namelen, f_frsize, f_flags
            fields = new long[] {EXT4, BLOCK, blocks, free, available, files, freeFiles, 0, NAME_MAX, BLOCK, 0};
        } else {
            // f_bsize, f_frsize, f_blocks, f_bfree, f_bavail, f_files, f_ffree, f_favail, f_fsid, f_flag, f_namemax
            fields = new long[] {BLOCK, BLOCK, blocks, free, available, files, freeFiles, freeFiles, 0, 0, NAME_MAX};
        }
        for (int i = 0; i < fields.length; i++) st.mem.writeRaw(out.obj(), out.off() + 8L * i, 8, fields[i]);
        return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT);
    }
}
