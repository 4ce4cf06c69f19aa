package weft.race.pair;

import weft.modular.LocalState;
import weft.pointer.PointsTo;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;

import java.util.List;
import java.util.function.Function;

/**
 * Whole-program facts exclusion rules may consult: aliasing, the thread graph, where threads were
 * created; {@code fixedWhileThreadsRun}: objects every write of which (through any pointer, by any
 * thread, library functions included) is made by main before it creates its first thread; {@code fixedWhile}: an
 * object and a thread such that every write of the object is main's, made where main may not yet have created the
 * child of main through which the thread descends (so the thread's instances all see the last value written).
 *
 * <p>Assumes: {@code fixedWhileThreadsRun} is computed from all shared accesses (every write to a
 * shared object, through any pointer or library call, is among them); {@code joinedAtEnd} is empty when
 * a thread may be cancelled (see {@code RaceAnalysis}).
 */
public record RaceContext(PointsTo pointsTo, ThreadGraph threads, Function<ThreadId, List<LocalState>> creationStates,
                          weft.thread.InstanceKeys instances, Function<ThreadId, java.util.Set<ThreadId>> joinedAtEnd,
                          java.util.Set<weft.pointer.MemObject> fixedWhileThreadsRun, weft.thread.RecordJoins records,
                          weft.thread.ChildJoins childJoins, weft.thread.Tickets tickets,
                          weft.thread.SlotMasks slots, weft.thread.JoinTrees joinTrees,
                          java.util.function.BiPredicate<weft.pointer.MemObject, ThreadId> fixedWhile) {

    /** Whether every write of {@code o} happens before every instance of {@code t} exists ({@code fixedWhile}). */
    public boolean fixedFor(weft.pointer.MemObject o, ThreadId t) {
        return fixedWhileThreadsRun.contains(o) || fixedWhile.test(o, t);
    }

    /** {@code joined} closed under "a joined thread had itself joined these before it ended". */
    public java.util.Set<ThreadId> transitivelyJoined(java.util.Set<ThreadId> joined) {
        java.util.Set<ThreadId> out = new java.util.HashSet<>(joined);
        java.util.ArrayDeque<ThreadId> work = new java.util.ArrayDeque<>(joined);
        while (!work.isEmpty()) {
            for (ThreadId t : joinedAtEnd.apply(work.poll())) if (out.add(t)) work.add(t);
        }
        return out;
    }
}
