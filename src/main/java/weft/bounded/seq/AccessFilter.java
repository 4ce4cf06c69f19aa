package weft.bounded.seq;

import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;

/**
 * Which accesses the race instrumentation checks. The sequentialiser already leaves out accesses no other thread can
 * make (locals whose address no statement takes, thread-local and atomic objects); a filter narrows the rest, e.g. to
 * the sites of the candidate pairs the thread-modular layer could not exclude.
 */
@FunctionalInterface
public interface AccessFilter {
    /** Whether to instrument {@code lvalue} accessed by {@code stmt} ({@code lvalue} null: a library call's memory arguments). */
    boolean instrument(Function function, Stmt stmt, Lvalue lvalue);

    AccessFilter ALL = (f, s, lv) -> true;
}
