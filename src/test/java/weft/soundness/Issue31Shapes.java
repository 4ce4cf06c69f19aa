package weft.soundness;

import weft.soundness.ProgramGenerator.Guard;
import weft.soundness.Hole;
import weft.soundness.ProgramGenerator.Kind;
import weft.soundness.ProgramGenerator.Obj;
import weft.soundness.ProgramGenerator.Options;

import java.util.List;
import java.util.Random;

/** Where {@link ProgramGenerator}'s objects take the shapes of issue 31's constructs. */
final class Issue31Shapes {
    private Issue31Shapes() {}

    /**
     * Issue 31's shapes, drawn from the second random source: an object is sometimes published through an atomic
     * holder, an {@code _Atomic struct}, guarded by a lock of {@link MutexForms}, or initialised once. The first object
     * is shaped for one of issue 31's holes of the options in a tenth of the programs (in all, when they are the only
     * holes), so that the hole finds an object it fits.
     */
    static void shape(Options options, Random nrnd, Obj o, int i) {
        List<Hole> mine = options.holes().stream().filter(ProgramGenerator.ISSUE31::contains).toList();
        Hole t = i == 0 && !mine.isEmpty() && nrnd.nextDouble() < (mine.size() == options.holes().size() ? 1.0 : 0.1)
                ? mine.get(nrnd.nextInt(mine.size())) : null;
        int c = t != null ? -1 : nrnd.nextInt(12);
        if (t == Hole.ATOMIC_PUBLISH || c == 0 && o.guard != Guard.OWN && o.guard != Guard.ATOMIC_TYPE) {
            if (t != null) o.guard = Guard.MUTEX;
            o.kind = Kind.PUBLISHED;
        } else if (t == Hole.ATOMIC_STRUCT_PLAIN || c == 1 && o.guard == Guard.ATOMIC_TYPE) {
            o.guard = Guard.ATOMIC_TYPE;
            o.kind = Kind.ATOMIC_STRUCT;
        } else if (t == Hole.RECURSIVE_UNLOCK || c == 2 || c == 3) {
            o.guard = Guard.XMUTEX;
        } else if (t == Hole.ONCE_POINTER || c == 4) {
            o.guard = Guard.ONCE;
        } else if (t != null) {
            o.guard = Guard.MUTEX;
            if (t == Hole.UNINIT_INDEX) o.kind = Kind.ARRAY;
        }
        if (o.guard != Guard.ATOMIC_TYPE && o.kind.name().startsWith("ATOMIC")) o.kind = Kind.GLOBAL;
    }
}
