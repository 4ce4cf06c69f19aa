package weft.explore;

import weft.ir.SourceLoc;

/**
 * One executed statement of a witness schedule.
 *
 * @param thread the executing thread (0 is {@code main}, then in creation order)
 * @param threadName e.g. {@code "main"} or {@code "worker#1"} (start routine and thread number)
 * @param statement the IR statement, printed
 */
public record Step(int thread, String threadName, SourceLoc loc, String statement) {
    @Override
    public String toString() {
        return threadName + " @" + loc.shortString() + ": " + statement;
    }
}
