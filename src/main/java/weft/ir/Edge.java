package weft.ir;

/** A CFG edge between two node numbers of one function, labelled with a statement. */
public record Edge(int from, int to, Stmt stmt) {
    public SourceLoc loc() {
        return stmt.loc();
    }

    @Override
    public String toString() {
        return from + " -> " + to + ": " + stmt;
    }
}
