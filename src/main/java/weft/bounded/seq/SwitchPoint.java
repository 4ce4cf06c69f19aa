package weft.bounded.seq;

import weft.ir.SourceLoc;

/**
 * A context-switch point of a simulation function, in the input program's terms: the statement it is at and whether
 * the thread stops before that statement or within it, having done part of it (a condition wait has released its
 * mutex and waits to take it again). Replaying a run needs the difference: a thread stopped within a statement has
 * executed it in the explorer's terms, where the statement is one step that blocks.
 *
 * @param loc    the statement's source location (null: the start of the thread, before any statement)
 * @param within whether the thread is within the statement rather than before it
 */
public record SwitchPoint(SourceLoc loc, boolean within) {}
