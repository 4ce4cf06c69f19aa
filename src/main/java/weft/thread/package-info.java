/**
 * The thread structure of a program: which abstract threads exist, which functions each may run and how often, the
 * call graph they are found from, and what a thread has done to other threads at a program point.
 *
 * <p>Open first: {@link weft.thread.ThreadGraph} (the thread-creation graph: abstract threads from creation
 * histories, the functions each may execute, and the multiplicity facts "runs at most once" and "unique thread"),
 * {@link weft.thread.ThreadId} (an abstract thread), {@link weft.thread.CallGraph} (call and create sites with their
 * targets resolved through the pointer analysis, whether that resolution is complete, whether a thread may be
 * cancelled) and {@link weft.thread.ThreadEvents} (the lattice of threads created, certainly joined, still alive, and
 * the ids held in thread-id cells). Smaller pieces: {@link weft.thread.Loops} (which CFG edges lie on a cycle) and
 * {@link weft.thread.UnresolvedCall} (a call the analyses could not follow, kept for the report).
 *
 * <p>Dependencies: builds on weft.ir, weft.model (thread and call events) and weft.pointer (targets of calls through
 * pointers, thread-id cells). It is used by analysis (the thread walk and the thread-instance facts), race and
 * race.rules (the threads of each access, exclusion by creation and join order, unresolved calls as gaps) and report
 * (thread labels), and must import none of them.
 */
package weft.thread;
