package weft.soundness;

import java.util.List;
import java.util.Random;

/**
 * Slots selected by tickets, for {@link ProgramGenerator} (issue 34, {@code weft.thread.Tickets}): an array object
 * whose users each take a ticket, the counter's value and its increment in one critical section of the counter's
 * mutex, and touch only the element it selects; main reads the elements after its joins. Race-free: no two ticket
 * reads give the same value. The hole {@link Hole#TICKET} breaks one user's ticket one of the ways of
 * {@link Break}, so that it may select an element another user holds. When the counter is a member of a static struct,
 * half the time the slots are a member of it too ({@code tks_X.u.s[me]}, or through a local pointer to the struct,
 * {@code tkp->u.s[me]}: {@code weft.race.rules.SlotIndex} on array members).
 */
final class TicketForms {
    /**
     * {@code OTHER_SECTION}: the value read in one critical section, the counter incremented in another; {@code
     * OUTSIDE}: the value read before the lock is taken; {@code HALF}: the element is the ticket halved; {@code
     * GIVEN_BACK}: the counter decremented again when the user is done, in every user; {@code OTHER_COUNTER}: the user
     * takes its ticket from a second counter; {@code SHIFTED_VIEW}: the slots are a member of the struct and the user
     * selects its element in a union view of them shifted by one element ({@code u.v.t[me]} is {@code u.s[me + 1]}).
     */
    enum Break { OTHER_SECTION, OUTSIDE, HALF, GIVEN_BACK, OTHER_COUNTER, SHIFTED_VIEW }

    private final String object;
    private final Break broken;
    private final boolean postfix;
    /** The counter and its mutex are members of a static struct ({@code tks_X.c}: {@code weft.thread.MemberCells}). */
    private final boolean member;
    /** The slots are a member of that struct; reached through a local pointer to it when {@code viaPointer}. */
    private final boolean inside;
    private final boolean viaPointer;
    /** The struct has internal linkage (else code outside the program could reach it while the program calls such code). */
    private final boolean internal;

    /** The tickets of {@code object}; {@code broken} null for the race-free form. */
    TicketForms(String object, Break broken, Random rnd) {
        this.object = object;
        this.broken = broken;
        this.postfix = rnd.nextBoolean();
        this.member = rnd.nextInt(3) == 0 || broken == Break.SHIFTED_VIEW;
        this.inside = member && (rnd.nextBoolean() || broken == Break.SHIFTED_VIEW);
        this.viaPointer = inside && rnd.nextBoolean();
        this.internal = member && rnd.nextBoolean();
    }

    /**
     * The element {@code index} selects: of the slots array {@code array}, or of the struct's slots member (in main's
     * reads after its joins, {@code direct}, never through the pointer); {@code hole}: the broken user's view.
     */
    String element(String array, String index, boolean hole, boolean direct) {
        if (!inside) return array + "[" + index + "]";
        String base = viaPointer && !direct ? "tkp->" : "tks_" + object + ".";
        return base + (hole && broken == Break.SHIFTED_VIEW ? "u.v.t[" : "u.s[") + index + "]";
    }

    private String counter() {
        return member ? "tks_" + object + ".c" : "tk_" + object;
    }

    private String mutex() {
        return member ? "tks_" + object + ".m" : "tkm_" + object;
    }

    /** The counter (a second one for the other-counter hole) and its mutex. */
    void declare(List<String> decls) {
        if (member) {
            String slots = inside ? " union { long s[5]; struct { long pad; long t[4]; } v; } u;" : "";
            decls.add((internal ? "static " : "") + "struct tks_" + object + "_t { pthread_mutex_t m; int c; int c2;" + slots + " } tks_" + object
                    + " = { PTHREAD_MUTEX_INITIALIZER, 0, 0 };");
            return;
        }
        decls.add("int " + counter() + ";");
        if (broken == Break.OTHER_COUNTER) decls.add("int " + counter() + "2;");
        decls.add("pthread_mutex_t " + mutex() + " = PTHREAD_MUTEX_INITIALIZER;");
    }

    /**
     * One user's block: take a ticket into {@code me}, then {@code use} (the element access, with {@code $ME$} for the
     * index) when the ticket is below 4; {@code hole}: this user's ticket is the broken one.
     */
    String user(String use, boolean hole) {
        String lock = "pthread_mutex_lock(&" + mutex() + ");";
        String unlock = "pthread_mutex_unlock(&" + mutex() + ");";
        String c = counter();
        String take;
        Break b = hole ? broken : null;
        if (b == Break.OTHER_SECTION) {
            take = lock + " int me = " + c + "; " + unlock + " " + lock + " " + c + " = " + c + " + 1; " + unlock;
        } else if (b == Break.OUTSIDE) {
            take = "int me = " + c + "; " + lock + " " + c + " = " + c + " + 1; " + unlock;
        } else {
            String from = b == Break.OTHER_COUNTER ? c + "2" : c;
            take = lock + (postfix ? " int me = " + from + "++; " : " int me = " + from + "; " + from + " = " + from + " + 1; ") + unlock;
            if (b == Break.HALF) take += " me = me / 2;";
        }
        String body = "if (me >= 0 && me < 4) { " + use.replace("$ME$", "me") + " }";
        String back = broken == Break.GIVEN_BACK ? " " + lock + " " + c + " = " + c + " - 1; " + unlock : "";
        String pointer = viaPointer ? "struct tks_" + object + "_t *tkp = &tks_" + object + "; " : "";
        return "{ " + pointer + take + " " + body + back + " }";
    }
}
