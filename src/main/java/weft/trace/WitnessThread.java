package weft.trace;

import weft.ir.SourceLoc;

/**
 * A thread of a witness execution.
 *
 * @param index the thread number (0 is {@code main}, then in creation order), as in {@link Step#thread()}
 * @param name e.g. {@code "worker#1"}
 * @param createdAt the create call that started it ({@link SourceLoc#NONE} for main)
 */
public record WitnessThread(int index, String name, SourceLoc createdAt) {}
