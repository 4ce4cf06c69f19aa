package weft.ir;

/**
 * A storage object named in the program: a global, a function-local static, a local, a parameter, a
 * lowering temporary or a string literal. Identity is the {@code id}, unique within a {@link Program}.
 *
 * @param function the enclosing function's link name, or null for file-scope objects
 * @param threadLocal declared {@code _Thread_local} / {@code __thread}: one copy per thread
 */
public record Variable(int id, String name, CType type, Kind kind, String function, boolean threadLocal,
                       SourceLoc loc) {

    public enum Kind { GLOBAL, STATIC_LOCAL, LOCAL, PARAM, TEMP, STRING }

    /** Objects with static storage duration: one per program (or per thread if thread-local). */
    public boolean isStatic() {
        return kind == Kind.GLOBAL || kind == Kind.STATIC_LOCAL || kind == Kind.STRING;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Variable v && v.id == id;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(id);
    }

    @Override
    public String toString() {
        return name;
    }
}
