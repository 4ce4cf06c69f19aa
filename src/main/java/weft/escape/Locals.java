package weft.escape;

import weft.ir.AddressTaken;
import weft.ir.Function;
import weft.ir.Variable;

/**
 * The variables {@link FreshFlow} (and {@code weft.modular.ArgumentTargets}) may track: pointer locals, parameters
 * and temporaries of the function, neither static nor thread-local, whose address it never takes, so that only an
 * assignment to them by name changes them.
 */
public final class Locals {
    private final AddressTaken addressTaken;

    public Locals(AddressTaken addressTaken) {
        this.addressTaken = addressTaken;
    }

    public boolean trackable(Function f, Variable v) {
        return !v.isStatic() && !v.threadLocal() && v.type().isPointer() && f.linkName().equals(v.function())
                && (v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP)
                && !addressTaken.in(f, v);
    }
}
