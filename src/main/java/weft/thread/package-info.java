/**
 * The thread structure of a program: which abstract threads exist, which functions each may run and how often, the call
 * graph they are found from, what a thread has done to other threads at a program point, and the facts about thread
 * instances and the objects they share that the walk and the exclusion rules read.
 *
 * <p>Open first: {@link weft.thread.ThreadGraph} (the thread-creation graph: abstract threads from creation histories,
 * the functions each may execute, and the multiplicity facts "runs at most once" and "unique thread"),
 * {@link weft.thread.ThreadId} (an abstract thread), {@link weft.thread.CallGraph} (call and create sites with their
 * targets resolved through the pointer analysis, whether that resolution is complete, whether a thread may be
 * cancelled) and {@link weft.thread.ThreadEvents} (the lattice of threads created, certainly joined, still alive, and
 * the ids held in thread-id cells). The thread-instance facts, each a function of the program and the facts below it:
 * {@link weft.thread.ObjectMultiplicity} (whether an abstract object stands for at most one concrete object during a
 * run), {@link weft.thread.TidCells} (the objects holding thread ids that nothing else writes),
 * {@link weft.thread.JoinLoops} (threads created in one counting loop and all joined in another, from arrays of ids or of
 * records holding their ids), {@link weft.thread.RecordJoins} (a record used after joining its owner in such a loop),
 * {@link weft.thread.ChildJoins} (the object a creator handed its child, still in its local, and that child joined since:
 * the fork-join of recursive divide and conquer), {@link weft.thread.JoinTrees} (workers created into an id array that
 * join each other by index along a tree rooted where the creator joins: all joined then; its claims proved with Z3 by
 * {@link weft.thread.JoinTreeProof}), {@link weft.thread.Tickets} (indices handed out by a counter under a
 * lock: no two alike), {@link weft.thread.SlotMasks} (slots handed to threads through a bitmask of free slots under a
 * lock: two threads holding the same slot are ordered),
 * {@link weft.thread.FreshRecords} (locals holding an allocation made since the last create),
 * {@link weft.thread.InstanceKeys} (threads created in a counting loop, or given an unpublished object, whose instances
 * each receive a different argument, their key) and {@link weft.thread.InstanceAccess} (how an access uses such a key).
 * The synchronisation idioms of real programs (issue 34), over the plain integers and mutexes of
 * {@link weft.thread.NamedMutexes} (globals, and members of unique objects: {@link weft.thread.MemberCells}): {@link weft.thread.CounterJoins} (a wait for a counter of live threads joins them), {@link weft.thread.PublicationFlags} (a ready flag set under a mutex orders its writer's earlier accesses before
 * what its observers do after seeing it) and {@link weft.thread.StopFlags} (workers that count themselves and work
 * while a stop flag is set are done once a thread has cleared the flag and read their count as 0).
 * Smaller pieces: {@link weft.thread.Loops} (which CFG edges lie on a cycle) and {@link weft.thread.UnresolvedCall} (a
 * call the analyses could not follow, kept for the report).
 *
 * <p>Dependencies: builds on weft.ir, weft.model (thread and call events), weft.smt (C integers in Z3, for
 * {@code JoinTreeProof}), weft.pointer (targets of calls through
 * pointers, thread-id cells), weft.value (the intervals of loop counters), weft.access (the byte regions of id cells
 * and arrays, the symbolic base of an instance access) and weft.escape (unpublished objects as instance keys). It is
 * used by lock (the multiplicity of lock objects), modular (the thread walk and the facts it is given), race and
 * race.rules (the threads of each access, exclusion by creation and join order and by distinct instances, unresolved
 * calls as gaps) and report (thread labels), and must import none of them.
 */
package weft.thread;
