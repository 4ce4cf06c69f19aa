package weft.modular;

import weft.access.Regions;
import weft.escape.Unpublished;
import weft.ir.AddressTaken;
import weft.ir.Program;
import weft.lock.ExternalReach;
import weft.lock.LockResolver;
import weft.pointer.PointsTo;
import weft.thread.CallGraph;
import weft.thread.ChildJoins;
import weft.thread.SlotMasks;
import weft.thread.Tickets;
import weft.thread.CounterJoins;
import weft.thread.StopFlags;
import weft.thread.NamedMutexes;
import weft.thread.PublicationFlags;
import weft.thread.RecordJoins;
import weft.thread.FreshRecords;
import weft.thread.InstanceKeys;
import weft.thread.JoinLoops;
import weft.thread.JoinTrees;
import weft.thread.ObjectMultiplicity;
import weft.thread.ThreadGraph;
import weft.thread.TidCells;
import weft.value.IntervalCache;

/**
 * The whole-program facts the thread-modular walk and the pairing read, built once and bottom-up, each from the
 * facts below it: the IR facts ({@link AddressTaken}), the pointer and value facts ({@link PointsTo},
 * {@link IntervalCache}, the byte {@link Regions} of lvalues), the thread facts ({@link ObjectMultiplicity},
 * {@link TidCells}, {@link JoinLoops}, {@link JoinTrees}, {@link CounterJoins}, {@link PublicationFlags}, {@link StopFlags}, {@link Unpublished}, {@link InstanceKeys}, {@link RecordJoins}, {@link ChildJoins}, {@link Tickets},
 * {@link SlotMasks}) and the lock facts
 * ({@link LockResolver}, {@link ExternalReach}). This is the one place they are built; the walk
 * ({@link ThreadWalker}) and the exclusion rules receive them, none builds its own.
 *
 * <p>Each fact is a function of the program and the facts it is built from (none depends on the walk), so building
 * them here rather than inside the walker changes no answer. {@link AddressTaken} and {@link IntervalCache} cache
 * per function as they are asked, and are shared by every reader.
 */
public record ProgramFacts(Program program, PointsTo pts, CallGraph calls, ThreadGraph graph, AddressTaken addressTaken,
                           IntervalCache intervals, Regions regions, ObjectMultiplicity objects, LockResolver locks,
                           TidCells tids, JoinLoops joinLoops, JoinTrees joinTrees, CounterJoins counterJoins, PublicationFlags publicationFlags, StopFlags stopFlags,
                           Unpublished unpublished, InstanceKeys instanceKeys, RecordJoins recordJoins, ChildJoins childJoins, Tickets tickets,
                           SlotMasks slots,
                           ExternalReach externalReach) {

    /** Builds the facts of {@code program} from its pointer analysis, call graph and thread graph. */
    public static ProgramFacts of(Program program, PointsTo pts, CallGraph calls, ThreadGraph graph) {
        AddressTaken addressTaken = new AddressTaken();
        IntervalCache intervals = new IntervalCache(program);
        Regions regions = new Regions(pts, intervals);
        ObjectMultiplicity objects = new ObjectMultiplicity(program, graph);
        LockResolver locks = new LockResolver(regions, objects);
        TidCells tids = new TidCells(program, pts, regions);
        FreshRecords fresh = new FreshRecords(program, addressTaken);
        JoinLoops joinLoops = new JoinLoops(program, graph, intervals, regions, tids, objects, addressTaken, fresh);
        Unpublished unpublished = new Unpublished(program, pts, addressTaken);
        NamedMutexes mutexes = new NamedMutexes(program, regions, objects);
        InstanceKeys instanceKeys = new InstanceKeys(program, graph, joinLoops, addressTaken, unpublished, fresh);
        CounterJoins counterJoins = new CounterJoins(program, graph, addressTaken, mutexes);
        return new ProgramFacts(program, pts, calls, graph, addressTaken, intervals, regions, objects, locks, tids,
                joinLoops, new JoinTrees(program, graph, regions, tids, objects, addressTaken, intervals, calls), counterJoins, new PublicationFlags(program, graph, mutexes), new StopFlags(program, graph, mutexes, counterJoins),
                unpublished, instanceKeys,
                new RecordJoins(program, graph, joinLoops), new ChildJoins(program, addressTaken, instanceKeys, tids),
                new Tickets(program, addressTaken, mutexes), new SlotMasks(program, addressTaken, mutexes, counterJoins),
                new ExternalReach(pts));
    }
}
