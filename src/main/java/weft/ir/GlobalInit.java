package weft.ir;

import java.util.List;

/**
 * The static initialiser of an object, flattened: each item stores {@code value} at byte {@code offset}
 * with type {@code type}. Bytes no item covers are zero (C static initialisation).
 */
public record GlobalInit(Variable variable, List<Item> items) {
    public record Item(long offset, CType type, Expr value) {}

    public GlobalInit {
        items = List.copyOf(items);
    }
}
