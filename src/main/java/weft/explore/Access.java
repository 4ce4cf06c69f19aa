package weft.explore;

import weft.ir.SourceLoc;

/**
 * A memory access a statement performs: bytes {@code [off, off + size)} of object {@code obj}. Only accesses that
 * C counts as plain or atomic object accesses by the thread itself are recorded (not the internal accesses of
 * synchronisation functions), so every recorded access is really performed by the statement.
 */
record Access(int obj, long off, long size, boolean write, boolean atomic, SourceLoc loc, Object subject) {
    /** E.g. {@code "write of g (4 bytes)"}; {@code subject} is the accessed lvalue or a description. */
    String what() {
        return (atomic ? "atomic " : "") + (write ? "write of " : "read of ") + subject + " (" + size + (size == 1 ? " byte)" : " bytes)");
    }

    boolean conflicts(Access o) {
        return obj == o.obj && (write || o.write) && !(atomic && o.atomic) && size > 0 && o.size > 0
                && off < o.off + o.size && o.off < off + size;
    }
}
