package weft.thread;

import weft.ir.Edge;

import java.util.Objects;

/**
 * An abstract thread, identified by its creation history: the creating thread, the create statement
 * (function + edge) and the start routine. The main thread has no parent. One abstract thread stands
 * for every concrete thread created with that history; whether that is at most one is decided by
 * {@link ThreadGraph#isUnique}.
 */
public final class ThreadId {
    private final ThreadId parent;
    private final String createFunction;
    private final Edge createEdge;
    private final String routine;
    private final int depth;
    private final int hash;

    private ThreadId(ThreadId parent, String createFunction, Edge createEdge, String routine) {
        this.parent = parent;
        this.createFunction = createFunction;
        this.createEdge = createEdge;
        this.routine = routine;
        this.depth = parent == null ? 0 : parent.depth + 1;
        this.hash = Objects.hash(parent, createFunction, createEdge, routine);
    }

    public static ThreadId main(String mainFunction) {
        return new ThreadId(null, null, null, mainFunction);
    }

    public ThreadId child(String function, Edge edge, String routine) {
        return new ThreadId(this, function, edge, routine);
    }

    public ThreadId parent() { return parent; }
    public String createFunction() { return createFunction; }
    public Edge createEdge() { return createEdge; }
    /** Link name of the function the thread starts in. */
    public String routine() { return routine; }
    public boolean isMain() { return parent == null; }
    public int depth() { return depth; }

    /** Whether {@code this} is {@code other} or was created (transitively) by it. */
    public boolean isDescendantOf(ThreadId other) {
        for (ThreadId t = this; t != null; t = t.parent) if (t.equals(other)) return true;
        return false;
    }

    /** The ancestor of {@code this} (or itself) whose parent is {@code ancestor}, or null. */
    public ThreadId childOnPathFrom(ThreadId ancestor) {
        for (ThreadId t = this; t.parent != null; t = t.parent) if (t.parent.equals(ancestor)) return t;
        return null;
    }

    /** Whether the same create statement and routine already occur in this thread's history. */
    public boolean historyContains(String function, Edge edge, String routine) {
        for (ThreadId t = this; t.parent != null; t = t.parent) {
            if (t.createEdge.equals(edge) && t.createFunction.equals(function) && t.routine.equals(routine)) return true;
        }
        return false;
    }

    /** Human-readable name: the routine, with the create location for created threads. */
    public String displayName() {
        return parent == null ? "main" : routine;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof ThreadId t) || t.hash != hash || t.depth != depth) return false;
        return Objects.equals(routine, t.routine) && Objects.equals(createFunction, t.createFunction)
                && Objects.equals(createEdge, t.createEdge) && Objects.equals(parent, t.parent);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return parent == null ? "main" : routine + "@" + createEdge.loc().shortString() + (parent.isMain() ? "" : "<" + parent + ">");
    }
}
