package weft.exec.state;

import weft.ir.SourceLoc;

/**
 * A memory access a statement of one concrete execution performs: bytes {@code [off, off + size)} of block
 * {@code obj} (the explorer's counterpart of the thread-modular layer's {@code access.MemoryAccess}). Only accesses that
 * C counts as plain or atomic object accesses by the thread itself are recorded (a synchronisation function's
 * operation on its object counts as one atomic write of it), so every recorded access is really performed by the
 * statement.
 */
public record ByteAccess(int obj, long off, long size, boolean write, boolean atomic, SourceLoc loc, Object subject,
                         boolean inSection, boolean proofOnly) {
    public ByteAccess(int obj, long off, long size, boolean write, boolean atomic, SourceLoc loc, Object subject) {
        this(obj, off, size, write, atomic, loc, subject, false, false);
    }

    /** This access as made inside an atomic section. */
    public ByteAccess insideSection() {
        return inSection ? this : new ByteAccess(obj, off, size, write, atomic, loc, subject, true, proofOnly);
    }

    /**
     * This access marked as recorded only by the proof mode (library writes such as the thread id stored by
     * {@code pthread_create}): it counts when proving absence of races, but a race on it is not reported as certain.
     */
    public ByteAccess asProofOnly() {
        return new ByteAccess(obj, off, size, write, atomic, loc, subject, inSection, true);
    }

    /** E.g. {@code "write of g (4 bytes)"}; {@code subject} is the accessed lvalue or a description. */
    public String what() {
        return (atomic ? "atomic " : "") + (write ? "write of " : "read of ") + subject + " (" + size + (size == 1 ? " byte)" : " bytes)");
    }

    /**
     * Whether the two accesses race. With {@code sectionsRace} false, an access made inside an atomic
     * section never races (the stricter reading, where the section is one indivisible step of the whole
     * program); by default it races with plain accesses, as SV-COMP's labels have it.
     */
    public boolean conflicts(ByteAccess o, boolean sectionsRace) {
        if (!sectionsRace && (inSection || o.inSection)) return false;
        return obj == o.obj && (write || o.write) && !(atomic && o.atomic) && size > 0 && o.size > 0
                && off < o.off + o.size && o.off < off + size;
    }
}
