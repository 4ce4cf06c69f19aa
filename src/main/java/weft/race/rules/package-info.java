/**
 * The exclusion rules of the thread-modular layer: each class is one reason why two accesses to shared memory cannot
 * form a data race, an {@link weft.race.pair.ExclusionRule}, and carries in its class comment the argument why
 * its exclusion is sound and what it assumes of the analyses it reads. A pair is a possible race only if no rule
 * excludes it.
 *
 * <p>{@code weft.race.RaceDetector.standardRules()} asks them in this order, and the first that excludes a pair is the
 * one the report names: {@link weft.race.rules.AtLeastOneWrite}, {@link weft.race.rules.MayOverlap},
 * {@link weft.race.rules.DisjointMembers}, {@link weft.race.rules.DeclaredSubobjects},
 * {@link weft.race.rules.NotBothAtomic}, {@link weft.race.rules.ScalarStoreKeepsSyncObject},
 * {@link weft.race.rules.OwnThreadLocal}, {@link weft.race.rules.SameUniqueThread}, {@link weft.race.rules.CommonLock},
 * {@link weft.race.rules.SymbolicLockRule}, {@link weft.race.rules.CreatedAfter}, {@link weft.race.rules.JoinedBefore},
 * {@link weft.race.rules.JoinedBeforeCreated}, {@link weft.race.rules.OnceOrdered},
 * {@link weft.race.rules.PublishedBefore}, {@link weft.race.rules.StoppedBeforeDrained}, {@link weft.race.rules.DistinctInstances}, {@link weft.race.rules.OwnElementBeforeCreate}, {@link weft.race.rules.OwnRecordAfterJoin},
 * {@link weft.race.rules.OwnChildAfterJoin}, {@link weft.race.rules.DistinctOwnAllocations},
 * {@link weft.race.rules.DistinctTickets}, {@link weft.race.rules.DistinctSlots} ({@code SlotIndex}: the element an
 * index selects, which the last two share). The first seven read only
 * the two memory accesses ({@code accessOnly}), so the detector asks them once per pair of distinct
 * {@code weft.access.MemoryAccess} values at a pair of sites; {@code SameUniqueThread}, {@code CommonLock},
 * {@code CreatedAfter}, {@code JoinedBefore}, {@code JoinedBeforeCreated}, {@code OnceOrdered}, {@code PublishedBefore} and {@code StoppedBeforeDrained} read only threads,
 * thread-modular states and locations ({@code threadStateOnly}) and are asked once per pair of (thread, state) classes;
 * {@code SymbolicLockRule}, {@code DistinctInstances}, {@code OwnElementBeforeCreate}, {@code OwnRecordAfterJoin},
 * {@code OwnChildAfterJoin}, {@code DistinctOwnAllocations}, {@code DistinctTickets} and {@code DistinctSlots} are asked per pair of
 * accesses, skipped through {@code mayExclude} for the accesses they cannot apply to.
 *
 * <p>Builds on {@code weft.race.pair} ({@code Access}, {@code ExclusionRule}, {@code RaceContext}),
 * {@code weft.access}, {@code weft.modular} ({@code LocalState}), {@code weft.lock}, {@code weft.pointer},
 * {@code weft.thread}, {@code weft.ir} and {@code weft.model}. Its only user is {@code weft.race.RaceDetector}; it must
 * not import {@code weft.race} itself (the detector, the analysis, the precise layers: the sub-packages form no
 * cycle), nor {@code weft.report} or {@code weft.cli}.
 */
package weft.race.rules;
