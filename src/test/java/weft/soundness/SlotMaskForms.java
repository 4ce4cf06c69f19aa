package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Slots handed to threads through a bitmask of free slots, for {@link ProgramGenerator} (issue 34, {@code
 * weft.thread.SlotMasks}): main takes the lowest free slot under the mask's mutex ({@code ffs}, or a scan for a set
 * bit), clears its bit, maybe initialises the slot's element, and starts a worker with the slot as its argument; the
 * worker updates its element without the lock and gives the slot back under the mutex, so that a later worker may
 * reuse it; main reads the elements after joining. A third of the time each worker takes its own slot instead (a pool
 * of buffers), and half the arrays hold two longs per slot, the access inside the element. Race-free: two workers holding the same slot are ordered by the
 * mutex. The hole {@link Hole#SLOT_MASK} breaks it one of the ways of {@link Break}, each letting two
 * workers (or main and a worker) use one element at the same time.
 */
final class SlotMaskForms {
    /**
     * {@code GIVEN_BACK_FIRST}: the worker gives its slot back before it updates the element; {@code NOT_CLEARED}: main
     * finds the free slot but never clears its bit; {@code WRONG_BIT}: the worker gives back the next slot instead of
     * its own; {@code ONE_SLOT_TWICE}: main starts two workers with one slot; {@code OUTSIDE}: main looks for the free
     * slot before taking the mutex.
     */
    enum Break { GIVEN_BACK_FIRST, NOT_CLEARED, WRONG_BIT, ONE_SLOT_TWICE, OUTSIDE }

    private final int id;
    private final Break broken;
    private final boolean unsigned;
    private final boolean scan;
    private final boolean heap;
    private final boolean mainInits;
    private final int workers;
    /** Each worker takes its own slot and gives it back (a pool of buffers), instead of main handing it one. */
    private final boolean self;
    /** Two longs per slot ({@code sdata[j][1]}): the access lies inside the element the slot selects. */
    private final boolean rows;
    /** The slots are an array member of a static struct ({@code sds0.d[j]}: {@code weft.race.rules.SlotIndex} on members). */
    private final boolean inStruct;

    /** Mask number {@code id}; {@code broken} null for the race-free form; the rest of the shape from {@code rnd}. */
    SlotMaskForms(int id, Break broken, Random rnd) {
        this.id = id;
        this.broken = broken;
        this.unsigned = rnd.nextBoolean();
        this.scan = rnd.nextInt(3) == 0;
        this.heap = rnd.nextBoolean();
        this.mainInits = rnd.nextBoolean();
        this.workers = rnd.nextInt(3) == 0 ? 3 : 2;
        this.self = broken != Break.ONE_SLOT_TWICE && rnd.nextInt(3) == 0;
        this.rows = !heap && rnd.nextBoolean();
        this.inStruct = !heap && rnd.nextBoolean();
    }

    private String element(String j) {
        return data() + "[" + j + "]" + (rows ? "[1]" : "");
    }

    /** The take of a free slot into a new local {@code j}, broken as the hole says. */
    private String take() {
        String lock = "pthread_mutex_lock(&" + mutex() + ");";
        String unlock = "pthread_mutex_unlock(&" + mutex() + ");";
        String find = scan ? "int j = 0; while (!(" + mask() + " & (" + one() + " << j))) j++;" : "int j = ffs(" + mask() + ") - 1;";
        String clear = broken == Break.NOT_CLEARED ? "" : " " + mask() + " &= ~(" + one() + " << j);";
        return broken == Break.OUTSIDE ? find + " " + lock + clear + " " + unlock : lock + " " + find + clear + " " + unlock;
    }

    private String mask() {
        return "smask" + id;
    }

    private String mutex() {
        return "smm" + id;
    }

    private String data() {
        return inStruct ? "sds" + id + ".d" : "sdata" + id;
    }

    private String worker() {
        return "slotw" + id;
    }

    private String one() {
        return unsigned ? "1u" : "1";
    }

    /** The mask (four free slots, or every bit of an int set), its mutex and the slots' elements. */
    void declare(List<String> decls) {
        decls.add((unsigned ? "unsigned int " + mask() + " = 15u;" : "int " + mask() + " = -1;"));
        decls.add("pthread_mutex_t " + mutex() + " = PTHREAD_MUTEX_INITIALIZER;");
        String array = "[4]" + (rows ? "[2]" : "");
        decls.add(heap ? "long *" + data() + ";" : inStruct ? "static struct { int port; long d" + array + "; } sds" + id + ";"
                : "long " + data() + array + ";");
    }

    private String giveBack() {
        // the wrong bit through a local: the shape of a give-back, of a slot the worker does not own
        String bit = broken == Break.WRONG_BIT ? "int k = (j + 1) & 3; " : "";
        return bit + "pthread_mutex_lock(&" + mutex() + "); " + mask() + " |= " + one() + " << " + (bit.isEmpty() ? "j" : "k")
                + "; pthread_mutex_unlock(&" + mutex() + ");";
    }

    /** The worker: its slot from the argument, the update of its element, the give-back. */
    Fn workerFn() {
        List<Node> b = new ArrayList<>();
        b.add(Node.stmt(-1, self ? take() : "int j = (int) (long) arg;", self));
        if (broken == Break.GIVEN_BACK_FIRST) b.add(Node.stmt(-1, giveBack(), false));
        b.add(Node.stmt(-1, element("j") + " = " + element("j") + " + j + 1;", true));
        if (broken != Break.GIVEN_BACK_FIRST) b.add(Node.stmt(-1, giveBack(), false));
        return new Fn("void *" + worker() + "(void *arg)", b, "return 0;", false);
    }

    /** main's part before its joins: the slots' elements and the workers, each started with a slot it took. */
    List<Node> start(int unit) {
        List<Node> out = new ArrayList<>();
        if (heap) out.add(Node.stmt(unit, data() + " = calloc(4, sizeof(long)); if (" + data() + " == 0) return 0;", false));
        out.add(Node.stmt(unit, "pthread_t st" + id + "[" + workers + "];" + (broken == Break.ONE_SLOT_TWICE ? " pthread_t sx" + id + "a, sx" + id + "b;" : ""), false));
        String take = take();
        if (self) {
            out.add(Node.stmt(unit, "for (int i = 0; i < " + workers + "; i++) pthread_create(&st" + id + "[i], 0, " + worker() + ", 0);", false));
            return out;
        }
        List<Node> body = new ArrayList<>();
        body.add(Node.stmt(-1, take, true));
        if (mainInits) body.add(Node.stmt(-1, element("j") + " = 0;", true));
        String create = "pthread_create(&st" + id + "[i], 0, " + worker() + ", (void *) (long) j);";
        body.add(Node.stmt(-1, create, false));
        out.add(Node.block(unit, "for (int i = 0; i < " + workers + "; i++) {", body, "}"));
        if (broken == Break.ONE_SLOT_TWICE) {
            // one more slot, taken once and handed to two workers
            String arg = ", 0, " + worker() + ", (void *) (long) j);";
            out.add(Node.block(unit, "{", List.of(Node.stmt(-1, take, true),
                    Node.stmt(-1, "pthread_create(&sx" + id + "a" + arg + " pthread_create(&sx" + id + "b" + arg, false)), "}"));
        }
        return out;
    }

    /** main's joins of the workers and its reads of the elements. */
    List<Node> finish(int unit) {
        List<Node> out = new ArrayList<>();
        out.add(Node.stmt(unit, "for (int i = 0; i < " + workers + "; i++) pthread_join(st" + id + "[i], 0);", false));
        if (broken == Break.ONE_SLOT_TWICE) out.add(Node.stmt(unit, "pthread_join(sx" + id + "a, 0); pthread_join(sx" + id + "b, 0);", false));
        out.add(Node.stmt(unit, "for (int i = 0; i < 4; i++) r += (int) " + element("i") + ";", true));
        if (heap) out.add(Node.stmt(unit, "free(" + data() + ");", true));
        return out;
    }
}
