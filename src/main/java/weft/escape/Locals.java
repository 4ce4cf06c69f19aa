package weft.escape;

import weft.analysis.AddressTaken;
import weft.ir.Function;
import weft.ir.Variable;

/** The variables {@link FreshFlow} may track: pointer locals and parameters whose address is never taken. */
final class Locals {
    private final AddressTaken addressTaken;

    Locals(AddressTaken addressTaken) {
        this.addressTaken = addressTaken;
    }

    boolean trackable(Function f, Variable v) {
        return !v.isStatic() && !v.threadLocal() && v.type().isPointer() && f.linkName().equals(v.function())
                && (v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP)
                && !addressTaken.in(f, v);
    }
}
