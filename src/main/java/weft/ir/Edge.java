package weft.ir;

/** A CFG edge between two node numbers of one function, labelled with a statement. */
public record Edge(int from, int to, Stmt stmt) {
    public SourceLoc loc() {
        return stmt.loc();
    }

    /** Shallow hash (node numbers and location), consistent with the record's structural equality. */
    @Override
    public int hashCode() {
        return (from * 31 + to) * 31 + stmt.loc().hashCode();
    }

    @Override
    public String toString() {
        return from + " -> " + to + ": " + stmt;
    }
}
