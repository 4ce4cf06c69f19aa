package weft.lock;

import weft.ir.Variable;

/**
 * A lock held exactly on the paths where a local variable tested earlier was non-zero ({@code whenNonZero})
 * or zero: {@code if (v) lock(m); ...; if (v) x++;} holds {@code m} at the access. Valid while
 * {@code var} is not assigned and the lock not released.
 */
public record ConditionalLock(HeldLock lock, Variable var, boolean whenNonZero) {}
