package weft.race;

import weft.analysis.LocalState;
import weft.pointer.PointsTo;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;

import java.util.List;
import java.util.function.Function;

/** Whole-program facts exclusion rules may consult: aliasing, the thread graph, where threads were created. */
public record RaceContext(PointsTo pointsTo, ThreadGraph threads, Function<ThreadId, List<LocalState>> creationStates,
                          weft.analysis.InstanceKeys instances) {}
